-- wrk script: POST /api/solve with random square boards from 5x5 to 20x20, cycling
-- through a fixed set of 64 bodies (made once, seeded, so every run sends the same).
-- MIN=1 in the environment asks for minimal solutions ("min": true, as the page does).

local bodies = {}
local min = os.getenv("MIN") == "1"

math.randomseed(42)
for i = 1, 64 do
  local n = 5 + (i - 1) % 16
  local rows = {}
  for r = 1, n do
    local cells = {}
    for c = 1, n do
      cells[c] = tostring(math.random(0, 1))
    end
    rows[r] = '"' .. table.concat(cells) .. '"'
  end
  bodies[i] = '{"board":[' .. table.concat(rows, ",") .. ']' .. (min and ',"min":true' or '') .. '}'
end

local next_body = 0
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"

request = function()
  next_body = next_body % #bodies + 1
  return wrk.format(nil, "/api/solve", nil, bodies[next_body])
end

local bad = 0
response = function(status, headers, body)
  if status ~= 200 then
    bad = bad + 1
  end
end

done = function(summary, latency, requests)
  local errors = summary.errors
  local socket_errors = errors.connect + errors.read + errors.write + errors.timeout
  io.write(string.format(
    "RESULT requests=%d seconds=%.2f rps=%.0f p50_ms=%.3f p90_ms=%.3f p99_ms=%.3f max_ms=%.3f non200=%d socket_errors=%d\n",
    summary.requests, summary.duration / 1e6, summary.requests / (summary.duration / 1e6),
    latency:percentile(50) / 1000, latency:percentile(90) / 1000, latency:percentile(99) / 1000,
    latency.max / 1000, errors.status, socket_errors))
end
