// Formats a Stats<long>, and runs a file's lines through parseAll, catching
// what Stats<long>::add throws two frames down.
#include "stats.h"

std::string report(const Stats<long> &S, const std::vector<long> &Values) {
  std::string Out;
  for (const auto &KV : S.Totals) {
    Out += KV.first + "=" + std::to_string(S.get(KV.first));
    Out += classify(KV.second) > 0 ? "+ " : "0 ";
  }
  Out += "sum=" + std::to_string(clampSum(Values, 100L));
  return Out;
}

std::string processFile(const std::vector<std::string> &Lines) {
  Stats<long> S;
  try {
    parseAll(Lines, S);
  } catch (const std::invalid_argument &E) {
    return std::string("error: ") + E.what();
  }
  std::vector<long> Values;
  for (const auto &KV : S.Totals)
    Values.push_back(KV.second);
  return report(S, Values);
}
