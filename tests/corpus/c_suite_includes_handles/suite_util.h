#ifndef SUITE_UTIL_H
#define SUITE_UTIL_H
void show_handle(const char *name, int handle);
int check_int(const char *what, int got, int expected);
#endif
