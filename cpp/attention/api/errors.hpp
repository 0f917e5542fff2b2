// Typed errors of the attention core. Every message names the option, the value it had and what is
// allowed, so the bindings can pass it on unchanged to JavaScript, the CLI and the page.
#pragma once

#include <stdexcept>
#include <string>
#include <utility>

namespace attention {

// Base class: `option()` names the offending option ("heads", "inputs", "weights.W_query.weight",
// ...).
class Error : public std::invalid_argument {
 public:
  Error(std::string option, const std::string& message)
      : std::invalid_argument(message), option_(std::move(option)) {}
  const std::string& option() const noexcept { return option_; }
  virtual const char* kind() const noexcept { return "Error"; }

 private:
  std::string option_;
};

// A configuration value outside its allowed range (heads not dividing d_out, p outside [0, 1),
// ...).
class OptionError : public Error {
 public:
  using Error::Error;
  const char* kind() const noexcept override { return "OptionError"; }
};

// Inputs or weights of the wrong length, or holding NaN or ±∞.
class InputError : public Error {
 public:
  using Error::Error;
  const char* kind() const noexcept override { return "InputError"; }
};

// A trace (or a forward pass) that would need more memory than allowed.
class MemoryError : public Error {
 public:
  using Error::Error;
  const char* kind() const noexcept override { return "MemoryError"; }
};

// A forward pass whose work (floating-point operations) is over the limit: it would run for minutes
// on a student's machine. The message states the limit and the option that raises it.
class WorkError : public Error {
 public:
  using Error::Error;
  const char* kind() const noexcept override { return "WorkError"; }
};

// Float32 arithmetic that would otherwise end in a silent NaN or ∞ (overflowing scores, or the
// naive mask renormalising a row whose probability mass all went to future tokens).
class NumericalError : public Error {
 public:
  using Error::Error;
  const char* kind() const noexcept override { return "NumericalError"; }
};

}  // namespace attention
