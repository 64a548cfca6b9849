#include <stdio.h>
#include "suite_util.h"

void show_handle(const char *name, int handle)
{
    printf("%s is the int %d (0x%x)\n", name, handle, (unsigned) handle);
}

int check_int(const char *what, int got, int expected)
{
    if (got != expected) {
        printf("%s: got %d, expected %d\n", what, got, expected);
        return 1;
    }
    return 0;
}
