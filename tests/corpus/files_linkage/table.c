#include "shapes.h"

static int step = 7; /* this file's own */

const struct shape shapes[] = {
    {CIRCLE, "disc", 1.5, 0.0},
    {RECT, "door", 2.0, 0.75},
    {TRIANGLE, "roof", 3.0, 1.25},
};
int shape_total = SHAPE_COUNT;

static double circle(double r, double unused) { return 3.14159265358979 * r * r + unused; }
static double rect(double w, double h) { return w * h; }
static double triangle(double b, double h) { return 0.5 * b * h; }

area_fn area_of(enum kind k) {
    switch (k) {
    case CIRCLE: return circle;
    case RECT: return rect;
    default: return triangle;
    }
}

const char *kind_name(enum kind k) {
    static const char *names[] = {"circle", "rect", "triangle"};
    return names[k];
}

int table_step(void) { return step; }
