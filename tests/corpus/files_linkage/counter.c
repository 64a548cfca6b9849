#include "shapes.h"

static int step = 5; /* this file's own */
static int value;

void counter_bump(void) { value += step; }
int counter_value(void) { return value; }
