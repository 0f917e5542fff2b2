// A float32 tensor as the lectures draw it: a shape and row-major data, nothing more.
#pragma once

#include <Eigen/Core>
#include <cstddef>
#include <vector>

namespace attention {

struct Tensor {
  std::vector<int> shape;
  std::vector<float> data;

  Tensor() = default;
  explicit Tensor(std::vector<int> s, float fill = 0.0f) : shape(std::move(s)) {
    std::size_t n = 1;
    for (int d : shape) n *= static_cast<std::size_t>(d);
    data.assign(n, fill);
  }
  std::size_t size() const { return data.size(); }
  int dim(int i) const {
    return shape[static_cast<std::size_t>(i < 0 ? i + int(shape.size()) : i)];
  }
};

// Row-major Eigen views on raw float buffers: how the stage functions multiply matrices.
using RowMatrix = Eigen::Matrix<float, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;
using MatrixView = Eigen::Map<RowMatrix>;
using ConstMatrixView = Eigen::Map<const RowMatrix>;
using ConstVectorView = Eigen::Map<const Eigen::RowVectorXf>;

}  // namespace attention
