// Parses "key value" lines into Stats<long>; a negative value throws from
// Stats<long>::add through here.
#include "stats.h"

void parseAll(const std::vector<std::string> &Lines, Stats<long> &S) {
  for (const std::string &L : Lines) {
    std::string::size_type Space = L.find(' ');
    if (Space == std::string::npos)
      continue;
    S.add(L.substr(0, Space), std::stol(L.substr(Space + 1)));
  }
}
