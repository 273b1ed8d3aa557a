-- binary-trees for the Lua interpreter benchmark (docs/Benchmarks.md):
-- builds, checks and drops complete binary trees made of tables.
-- Usage: lua binary-trees.lua [MAXDEPTH]; prints the node counts.
local function bottomUp(depth)
  if depth == 0 then return {} end
  depth = depth - 1
  return { bottomUp(depth), bottomUp(depth) }
end

local function check(tree)
  if tree[1] then return 1 + check(tree[1]) + check(tree[2]) end
  return 1
end

local maxDepth = tonumber(arg and arg[1]) or 14
local longLived = bottomUp(maxDepth)
for depth = 4, maxDepth, 2 do
  local iterations = 1 << (maxDepth - depth + 4)
  local checks = 0
  for _ = 1, iterations do checks = checks + check(bottomUp(depth)) end
  print(string.format("%d trees of depth %d check: %d", iterations, depth, checks))
end
print(string.format("long lived tree of depth %d check: %d", maxDepth, check(longLived)))
