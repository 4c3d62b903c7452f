// NTL side of bench/ntl/run.sh: times GF2X operations on random polynomials.
// Usage: ntl_timing OP DEGREE [REPS]; OP in mul, div, gcd, xgcd.
// Prints "OP DEGREE MEDIAN_SECONDS", like the poly_timing example of the lightsout crate.
// NTL is GPL: this file is a benchmark baseline only, never linked into the project.
#include <NTL/GF2X.h>
#include <NTL/ZZ.h>
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

using namespace NTL;

static GF2X random_of_degree(long deg) {
    GF2X p;
    random(p, deg + 1);
    SetCoeff(p, deg);
    return p;
}

int main(int argc, char **argv) {
    if (argc < 3) {
        std::fprintf(stderr, "usage: ntl_timing OP DEGREE [REPS]\n");
        return 2;
    }
    std::string op = argv[1];
    long d = std::atol(argv[2]);
    int reps = argc > 3 ? std::atoi(argv[3]) : 5;
    SetSeed(ZZ(d));
    std::vector<double> times;
    long check = 0;
    for (int r = 0; r < reps; r++) {
        GF2X a = random_of_degree(d), b = random_of_degree(d), c = random_of_degree(2 * d);
        GF2X g, s, t;
        auto t0 = std::chrono::steady_clock::now();
        if (op == "mul") {
            mul(g, a, b);
        } else if (op == "div") {
            rem(g, c, b);
        } else if (op == "gcd") {
            GCD(g, a, b);
        } else if (op == "xgcd") {
            XGCD(g, s, t, a, b);
            check += deg(s);
        } else {
            std::fprintf(stderr, "unknown op %s\n", op.c_str());
            return 2;
        }
        auto t1 = std::chrono::steady_clock::now();
        times.push_back(std::chrono::duration<double>(t1 - t0).count());
        check += deg(g);
    }
    std::sort(times.begin(), times.end());
    std::printf("%s %ld %.6f (check %ld)\n", op.c_str(), d, times[times.size() / 2], check);
    return 0;
}
