/* Ranks: 1
 * <math.h> of C99: the rounding functions, fmin/fmax/fdim, hypot, cbrt, fmod/remainder,
 * log2/exp2/log1p/expm1, erf/erfc/tgamma/lgamma, the inverse hyperbolics, frexp/ldexp/modf,
 * classification macros with NAN and INFINITY, M_PI, and float variants. */
#include <math.h>
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    double xs[] = {-2.5, -0.5, 0.3, 1.5, 2.5, 7.25};
    for (int i = 0; i < 6; i++) {
        double x = xs[i];
        printf("x=%g round %g trunc %g rint %g floor %g ceil %g lround %ld\n", x, round(x),
               trunc(x), rint(x), floor(x), ceil(x), lround(x));
        printf("  erf %.12f erfc %.12e cbrt %.12f exp2 %.12g\n", erf(x), erfc(x), cbrt(x), exp2(x));
        printf("  tgamma %.10g lgamma %.10g fmod(x,0.7) %.12g remainder(x,2) %g\n", tgamma(x),
               lgamma(x), fmod(x, 0.7), remainder(x, 2.0));
    }
    printf("fmin %g fmax %g fdim %g %g hypot %g\n", fmin(2, -3), fmax(2, -3), fdim(5, 3), fdim(3, 5),
           hypot(5, 12));
    printf("log2 %g log1p %.15g expm1 %.15g\n", log2(1024), log1p(1e-10), expm1(1e-10));
    printf("asinh %.12f acosh %.12f atanh %.12f\n", asinh(1.0), acosh(2.0), atanh(0.5));
    int e;
    double m = frexp(48.0, &e);
    double whole;
    double frac = modf(-3.75, &whole);
    printf("frexp %g * 2^%d ldexp %g modf %g %g copysign %g\n", m, e, ldexp(0.75, 6), frac, whole,
           copysign(2.0, -0.0));
    double nan = NAN, inf = INFINITY;
    printf("isnan %d %d isinf %d %d isfinite %d %d signbit %d\n", isnan(nan) != 0, isnan(1.0),
           isinf(inf), isinf(-inf), isfinite(1.0), isfinite(inf), signbit(-1.0) != 0);
    printf("M_PI %.15f sinf %.6f sqrtf %.6f powf %.6f fabsf %.2f\n", M_PI, sinf(1.0f), sqrtf(2.0f),
           powf(2.0f, 0.5f), fabsf(-3.5f));
    printf("fpclassify %d %d %d\n", fpclassify(0.0) == FP_ZERO, fpclassify(1.0) == FP_NORMAL,
           fpclassify(inf) == FP_INFINITE);
    MPI_Finalize();
    return 0;
}
