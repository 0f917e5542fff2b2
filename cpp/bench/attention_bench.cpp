// The native ceiling for `npm run bench`: the same core, built for this CPU, timed on the issue's
// shapes. Prints one JSON line: {"shape","threads","medianMs","iqrMs","gflops","reps","simd"}.
//   attention_bench --shape S2|S3|S5 [--reps N] [--threads K] [--gap-ms MS] [--samples 1]
//                   [--trace 1]
// --trace 1 keeps every stage (the page's pass) instead of the fast path.
// --gap-ms idles before each rep (to see what an idle pause does to threads); --samples 1 prints
// every rep's time to stderr, in order.
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "attention/attention.hpp"
#include "attention/fast/simd.hpp"

using namespace attention;

int main(int argc, char** argv) {
  std::string shape = "S3";
  int reps = 15, threads = 1, gap_ms = 0, print_samples = 0, trace = 0;
  for (int i = 1; i + 1 < argc; i += 2) {
    if (!std::strcmp(argv[i], "--shape"))
      shape = argv[i + 1];
    else if (!std::strcmp(argv[i], "--reps"))
      reps = std::atoi(argv[i + 1]);
    else if (!std::strcmp(argv[i], "--threads"))
      threads = std::atoi(argv[i + 1]);
    else if (!std::strcmp(argv[i], "--gap-ms"))
      gap_ms = std::atoi(argv[i + 1]);
    else if (!std::strcmp(argv[i], "--samples"))
      print_samples = std::atoi(argv[i + 1]);
    else if (!std::strcmp(argv[i], "--trace"))
      trace = std::atoi(argv[i + 1]);
    else {
      std::fprintf(stderr,
                   "usage: attention_bench --shape S2|S3|S5 [--reps N] [--threads K] [--gap-ms MS] "
                   "[--samples 1] [--trace 1]\n");
      return 2;
    }
  }
  Config c;
  c.d_in = c.d_out = 768;
  c.heads = 12;
  c.trace = trace != 0;
  c.seed = 1;
  if (shape == "S2")
    c.tokens = 128;
  else if (shape == "S3")
    c.tokens = 1024;
  else if (shape == "S5")
    c.tokens = 4096;
  else {
    std::fprintf(stderr, "unknown shape %s (S2, S3 or S5)\n", shape.c_str());
    return 2;
  }
  try {
    Model model(c);
    if (threads > 1) model.set_thread_pool(std::make_shared<ThreadPool>(threads));
    std::vector<float> x(std::size_t(c.tokens) * c.d_in);
    for (std::size_t i = 0; i < x.size(); ++i) x[i] = std::sin(0.001f * float(i));
    model.forward(x);  // warm-up (packs the weights)
    std::vector<double> ms;
    for (int r = 0; r < reps; ++r) {
      if (gap_ms > 0) std::this_thread::sleep_for(std::chrono::milliseconds(gap_ms));
      const auto t0 = std::chrono::steady_clock::now();
      model.forward(x);
      ms.push_back(
          std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count());
    }
    if (print_samples) {
      for (double v : ms) std::fprintf(stderr, "%.2f ", v);
      std::fprintf(stderr, "\n");
    }
    std::sort(ms.begin(), ms.end());
    auto quantile = [&](double q) { return ms[std::size_t(q * (ms.size() - 1) + 0.5)]; };
    const double T = c.tokens, d = c.d_in;
    const double flops = 4 * 2 * T * d * d + 2 * 2 * T * T * d;  // dense attention, as convention
    std::printf(
        "{\"shape\":\"%s\",\"threads\":%d,\"medianMs\":%.4f,\"iqrMs\":%.4f,\"gflops\":%.2f,"
        "\"reps\":%d,\"simd\":\"%s\"}\n",
        shape.c_str(), threads, quantile(0.5), quantile(0.75) - quantile(0.25),
        flops / (quantile(0.5) * 1e6), reps, ATTENTION_SIMD);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "attention_bench: %s\n", e.what());
    return 1;
  }
  return 0;
}
