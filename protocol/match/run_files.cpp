#include "run_files.hpp"

namespace ordo::match {

std::optional<std::string> refuse_run_files(const std::vector<files::NamedOutput>& outputs,
                                            const std::vector<files::NamedOutput>& inputs) {
  for (const auto& out : outputs) {
    std::string error;
    if (!out.path.empty() && !files::check_output_path(out.path, &error)) return out.option + ": " + error;
  }
  std::vector<files::NamedOutput> all = outputs;
  all.insert(all.end(), inputs.begin(), inputs.end());
  // Two inputs may be one file (reading twice harms nothing); an output may be no other file.
  for (std::size_t i = 0; i < outputs.size(); ++i)
    for (std::size_t j = 0; j < all.size(); ++j) {
      if (j == i) continue;
      if (j < outputs.size() && j < i) continue;  // each pair of outputs once
      if (const auto same = files::same_output({outputs[i], all[j]})) return *same;
    }
  return std::nullopt;
}

}  // namespace ordo::match
