-- String building and table work for the Lua interpreter benchmark
-- (docs/Benchmarks.md): builds words from a linear congruential generator,
-- counts them in a table, formats and concatenates, sorts with a comparator,
-- and runs string.gsub / string.find patterns over the text.
-- Usage: lua strings.lua [N]; prints counts and a checksum.
local n = tonumber(arg and arg[1]) or 60000
local seed = 12345
local function rand(m)
  seed = (seed * 1103515245 + 12345) % 2147483648
  return (seed >> 16) % m
end

local syllables = { "ka", "lo", "mi", "ne", "ru", "sa", "to", "vi", "ze", "qu" }
local words, counts = {}, {}
for i = 1, n do
  local parts = {}
  for j = 1, 1 + rand(4) do parts[j] = syllables[1 + rand(#syllables)] end
  local w = table.concat(parts)
  words[i] = w
  counts[w] = (counts[w] or 0) + 1
end

local distinct = {}
for w, c in pairs(counts) do distinct[#distinct + 1] = w end
table.sort(distinct, function(a, b)
  if counts[a] ~= counts[b] then return counts[a] > counts[b] end
  return a < b
end)

local buf = {}
for i = 1, #words do
  buf[#buf + 1] = string.format("%s:%d;", words[i], i % 97)
end
local text = table.concat(buf)
local replaced, nrep = text:gsub("(%a+):(%d+)", "%2=%1")
local found, pos = 0, 1
while true do
  local s, e = string.find(text, "kalo", pos, true)
  if not s then break end
  found = found + 1
  pos = e + 1
end
local upper = 0
for w in replaced:gmatch("=(%a+);") do
  if w:upper():sub(1, 1) == "K" then upper = upper + 1 end
end
local hash = 0
for i = 1, #replaced, 7 do hash = (hash * 31 + replaced:byte(i)) % 4294967296 end
print(#distinct, distinct[1], counts[distinct[1]], #text, nrep, found, upper, hash)
