-- Pancake flipping for the Lua interpreter benchmark (docs/Benchmarks.md):
-- walks all permutations of 1..N with Heap's algorithm and, for each,
-- counts the prefix reversals ("flips") until 1 comes first.
-- Usage: lua fannkuch.lua [N]; prints the total and the maximum flips.
local function flips(perm, work, n)
  for i = 1, n do work[i] = perm[i] end
  local count, k = 0, work[1]
  while k ~= 1 do
    local i, j = 1, k
    while i < j do
      work[i], work[j] = work[j], work[i]
      i, j = i + 1, j - 1
    end
    count = count + 1
    k = work[1]
  end
  return count
end

local n = tonumber(arg and arg[1]) or 9
local perm, work, c = {}, {}, {}
for i = 1, n do perm[i], c[i] = i, 1 end
local total, maxFlips, perms = flips(perm, work, n), 0, 1
maxFlips = total
local i = 1
while i <= n do
  if c[i] < i then
    if i % 2 == 1 then
      perm[1], perm[i] = perm[i], perm[1]
    else
      perm[c[i]], perm[i] = perm[i], perm[c[i]]
    end
    local f = flips(perm, work, n)
    total = total + f
    if f > maxFlips then maxFlips = f end
    perms = perms + 1
    c[i] = c[i] + 1
    i = 1
  else
    c[i] = 1
    i = i + 1
  end
end
print(string.format("%d permutations, %d flips in all, at most %d",
                    perms, total, maxFlips))
