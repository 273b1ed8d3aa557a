// Templates that parse.cc, report.cc and main.cc all instantiate, for the
// template link test (driver-templates.test): every object emits its own
// comdat copies of them and of the libstdc++ helpers they use.
#ifndef STATS_H
#define STATS_H

#include <map>
#include <stdexcept>
#include <string>
#include <vector>

template <typename T> int classify(T X) {
  if (X < 0)
    return -1;
  if (X == 0)
    return 0;
  return 1;
}

template <typename T> struct Stats {
  std::map<std::string, T> Totals;

  // Throws on a negative value; the handler is two frames up (processFile).
  void add(const std::string &Key, T Value) {
    if (classify(Value) < 0)
      throw std::invalid_argument("negative value for " + Key);
    Totals[Key] += Value;
  }
  T get(const std::string &Key) const {
    auto It = Totals.find(Key);
    return It == Totals.end() ? T() : It->second;
  }
};

template <typename T> T clampSum(const std::vector<T> &Values, T Limit) {
  T Sum = T();
  for (const T &V : Values) {
    if (Sum + V > Limit)
      return Limit;
    Sum += V;
  }
  return Sum;
}

void parseAll(const std::vector<std::string> &Lines, Stats<long> &S);
std::string report(const Stats<long> &S, const std::vector<long> &Values);
std::string processFile(const std::vector<std::string> &Lines);

#endif
