// Loader for the PyTorch golden fixtures in tests/fixtures/*.txt (written by
// scripts/make_fixtures.py). Header-only C++17, standard library plus <dirent.h> (which also works
// under Emscripten NODERAWFS).
//
// File format, one record per line (a tensor's values on the line after its header):
//   # comment
//   case <name>
//   option <key> <value>
//   param <state_dict key> <ndim> <dims...>      then one line of values
//   tensor <stage name> <ndim> <dims...>         then one line of values
//   check <stage name> <row> <values...>          the notebook's printed numbers (4 decimals):
//                                                 the first values of that row
//   count <name> <n>                              a parameter count
//   end
// Values are decimal floats, "Infinity" or "-Infinity", separated by spaces.
#pragma once

#include <dirent.h>

#include <algorithm>
#include <cerrno>
#include <cstddef>
#include <cstdlib>
#include <fstream>
#include <map>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

namespace fixture {

struct Tensor {
  std::vector<int> shape;
  std::vector<float> data;

  std::size_t numel() const {
    std::size_t n = 1;
    for (int d : shape) n *= static_cast<std::size_t>(d);
    return n;
  }
};

// A `check` line: the notebook printed these numbers for row `row` (batch 0, head 0) of `stage`.
struct Check {
  std::string stage;
  int row = 0;
  std::vector<double> values;
};

struct Case {
  std::string name;
  std::vector<Check> checks;
  std::map<std::string, long long> counts;
  std::map<std::string, std::string> options;
  std::map<std::string, Tensor> params;
  std::map<std::string, Tensor> stages;

  const std::string& option(const std::string& key) const {
    auto it = options.find(key);
    if (it == options.end())
      throw std::runtime_error("fixture " + name + ": no option '" + key + "'");
    return it->second;
  }

  bool has_option(const std::string& key) const { return options.count(key) != 0; }

  int option_int(const std::string& key) const {
    const std::string& text = option(key);
    char* end = nullptr;
    errno = 0;
    const long value = std::strtol(text.c_str(), &end, 10);
    if (text.empty() || *end != '\0' || errno != 0)
      throw std::runtime_error("fixture " + name + ": option '" + key +
                               "' is not an integer: " + text);
    return static_cast<int>(value);
  }

  double option_double(const std::string& key) const {
    const std::string& text = option(key);
    char* end = nullptr;
    const double value = std::strtod(text.c_str(), &end);
    if (text.empty() || *end != '\0')
      throw std::runtime_error("fixture " + name + ": option '" + key +
                               "' is not a number: " + text);
    return value;
  }

  const Tensor& param(const std::string& key) const {
    auto it = params.find(key);
    if (it == params.end())
      throw std::runtime_error("fixture " + name + ": no param '" + key + "'");
    return it->second;
  }

  const Tensor& stage(const std::string& key) const {
    auto it = stages.find(key);
    if (it == stages.end())
      throw std::runtime_error("fixture " + name + ": no stage '" + key + "'");
    return it->second;
  }
};

namespace detail {

[[noreturn]] inline void fail(const std::string& path, int line, const std::string& what) {
  throw std::runtime_error(path + ":" + std::to_string(line) + ": " + what);
}

inline std::vector<std::string> split(const std::string& line) {
  std::vector<std::string> words;
  std::istringstream in(line);
  std::string word;
  while (in >> word) words.push_back(word);
  return words;
}

inline int parse_dim(const std::string& text, const std::string& path, int line) {
  char* end = nullptr;
  errno = 0;
  const long value = std::strtol(text.c_str(), &end, 10);
  if (text.empty() || *end != '\0' || errno != 0 || value < 0 || value > (1L << 30))
    fail(path, line, "bad dimension '" + text + "'");
  return static_cast<int>(value);
}

// Reads "<kind> <name> <ndim> <dims...>" from `words` and the values from `values_line`.
inline Tensor parse_tensor(const std::vector<std::string>& words, const std::string& values_line,
                           const std::string& path, int header_line) {
  if (words.size() < 3)
    fail(path, header_line, "expected '" + words[0] + " <name> <ndim> <dims...>'");
  const int ndim = parse_dim(words[2], path, header_line);
  if (words.size() != static_cast<std::size_t>(3 + ndim))
    fail(path, header_line,
         "'" + words[1] + "' declares " + std::to_string(ndim) + " dimensions but lists " +
             std::to_string(words.size() - 3));
  Tensor t;
  for (int i = 0; i < ndim; ++i) t.shape.push_back(parse_dim(words[3 + i], path, header_line));
  const std::size_t expected = t.numel();
  t.data.reserve(expected);

  const char* p = values_line.c_str();
  for (;;) {
    while (*p == ' ' || *p == '\t' || *p == '\r') ++p;
    if (*p == '\0') break;
    char* end = nullptr;
    const float value = std::strtof(p, &end);
    if (end == p || (*end != '\0' && *end != ' ' && *end != '\t' && *end != '\r')) {
      const char* stop = p;
      while (*stop != '\0' && *stop != ' ') ++stop;
      fail(path, header_line + 1,
           "bad value '" + std::string(p, stop) + "' in '" + words[1] + "' (value #" +
               std::to_string(t.data.size()) + ")");
    }
    if (value != value) fail(path, header_line + 1, "NaN in '" + words[1] + "'");
    t.data.push_back(value);
    p = end;
  }
  if (t.data.size() != expected)
    fail(path, header_line + 1,
         "'" + words[1] + "' has " + std::to_string(t.data.size()) + " values, shape needs " +
             std::to_string(expected));
  return t;
}

}  // namespace detail

// Parses one fixture file. Throws std::runtime_error("<path>:<line>: ...") on a malformed file.
inline Case load(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error(path + ": cannot open");
  Case c;
  std::string line;
  int line_no = 0;
  bool ended = false;
  while (std::getline(in, line)) {
    ++line_no;
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line.empty() || line[0] == '#') continue;
    if (ended) detail::fail(path, line_no, "content after 'end'");
    const std::vector<std::string> words = detail::split(line);
    if (words.empty()) continue;
    const std::string& kind = words[0];
    if (kind == "case") {
      if (words.size() != 2) detail::fail(path, line_no, "expected 'case <name>'");
      if (!c.name.empty()) detail::fail(path, line_no, "second 'case' line");
      c.name = words[1];
    } else if (kind == "option") {
      if (words.size() != 3) detail::fail(path, line_no, "expected 'option <key> <value>'");
      if (!c.options.emplace(words[1], words[2]).second)
        detail::fail(path, line_no, "duplicate option '" + words[1] + "'");
    } else if (kind == "param" || kind == "tensor") {
      const int header_line = line_no;
      std::string values;
      if (!std::getline(in, values))
        detail::fail(path, header_line, "missing values line for '" + line + "'");
      ++line_no;
      if (!values.empty() && values.back() == '\r') values.pop_back();
      if (words.size() < 2)
        detail::fail(path, header_line, "expected '" + kind + " <name> <ndim> <dims...>'");
      Tensor t = detail::parse_tensor(words, values, path, header_line);
      auto& target = kind == "param" ? c.params : c.stages;
      if (!target.emplace(words[1], std::move(t)).second)
        detail::fail(path, header_line, "duplicate " + kind + " '" + words[1] + "'");
    } else if (kind == "check") {
      if (words.size() < 4)
        detail::fail(path, line_no, "expected 'check <stage> <row> <values...>'");
      Check check{words[1], detail::parse_dim(words[2], path, line_no), {}};
      for (std::size_t i = 3; i < words.size(); ++i)
        check.values.push_back(std::strtod(words[i].c_str(), nullptr));
      c.checks.push_back(std::move(check));
    } else if (kind == "count") {
      if (words.size() != 3) detail::fail(path, line_no, "expected 'count <name> <n>'");
      c.counts[words[1]] = std::strtoll(words[2].c_str(), nullptr, 10);
    } else if (kind == "end") {
      if (words.size() != 1) detail::fail(path, line_no, "expected 'end'");
      ended = true;
    } else {
      detail::fail(path, line_no, "unknown record '" + kind + "'");
    }
  }
  if (c.name.empty()) detail::fail(path, line_no, "no 'case' line");
  if (!ended) detail::fail(path, line_no, "missing 'end' (truncated file?)");
  return c;
}

// Sorted paths of the *.txt files in `dir` (not recursive). Throws if the directory cannot be read.
inline std::vector<std::string> list(const std::string& dir) {
  DIR* d = opendir(dir.c_str());
  if (d == nullptr) throw std::runtime_error(dir + ": cannot open fixture directory");
  std::vector<std::string> paths;
  const std::string prefix = (!dir.empty() && dir.back() == '/') ? dir : dir + "/";
  while (const dirent* entry = readdir(d)) {
    const std::string file = entry->d_name;
    if (file.size() > 4 && file.compare(file.size() - 4, 4, ".txt") == 0 && file[0] != '.')
      paths.push_back(prefix + file);
  }
  closedir(d);
  std::sort(paths.begin(), paths.end());
  return paths;
}

}  // namespace fixture
