/* Ranks: 1
 * <ctype.h> in the C locale, with glibc's values: each class test on every ASCII character,
 * EOF, and toupper/tolower. */
#include <ctype.h>
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    for (int c = 0; c < 128; c += 1) {
        printf("%3d: %d %d %d %d %d %d %d %d %d %d %d %d -> %d %d\n", c, isalnum(c), isalpha(c),
               isblank(c), iscntrl(c), isdigit(c), isgraph(c), islower(c), isprint(c),
               ispunct(c), isspace(c), isupper(c), isxdigit(c), toupper(c), tolower(c));
    }
    printf("EOF: %d %d %d\n", isalpha(EOF), isspace(EOF), toupper(EOF));
    char word[] = "Hello, MPI World 42!";
    int letters = 0, digits = 0;
    for (char *p = word; *p; p++) {
        if (isalpha((unsigned char)*p)) letters++;
        if (isdigit((unsigned char)*p)) digits++;
        *p = (char)toupper((unsigned char)*p);
    }
    printf("%s: %d letters, %d digits\n", word, letters, digits);
    MPI_Finalize();
    return 0;
}
