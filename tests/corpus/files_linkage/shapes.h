#ifndef SHAPES_H
#define SHAPES_H

enum kind { CIRCLE, RECT, TRIANGLE };
#define SHAPE_COUNT 3

struct shape {
    enum kind kind;
    const char *name;
    double a, b;
};

typedef double (*area_fn)(double, double);

extern const struct shape shapes[];
extern int shape_total;

area_fn area_of(enum kind k);
const char *kind_name(enum kind k);
int table_step(void);

void counter_bump(void);
int counter_value(void);

#endif
