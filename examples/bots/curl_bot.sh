#!/bin/sh
# A bot in a shell loop over the HTTP bot API (docs/bot-api.md): curl and jq only. It
# signs up with its bot account's API token, reads the stream's lines, and answers each
# call: "void" to setup, new-tiles and win, and to take-turn the legal move that scores
# most at once (the host sends the legal moves and their gains with "moves": true).
#
#   TOKEN=tsr_... sh examples/bots/curl_bot.sh '{"game": "q", "rated": true}'
#   TOKEN=tsr_... HOST=http://127.0.0.1:8080 sh examples/bots/curl_bot.sh '{"table": 1}'
#
# It prints each line it gets (cut to 100 characters) and stops when the stream ends:
# after "win", an error or an ejection.
set -u
host=${HOST:-http://127.0.0.1:8080}
default='{"game": "q"}'
signup=$(printf '%s' "${1:-$default}" | jq -c '. + {moves: true}') || exit 2
curl -sSN --max-time "${MAX_TIME:-3600}" -X POST "$host/api/bot/play" \
    -H "Authorization: Bearer $TOKEN" -H 'Content-Type: application/json' -d "$signup" |
while IFS= read -r line; do
    [ -z "$line" ] && continue # a keep-alive
    printf '<< %.100s\n' "$line"
    case "$line" in
    '{"seat"'*) seat=$(printf '%s' "$line" | jq -r .seat); continue ;;
    '["take-turn"'*) reply=$(printf '%s' "$line" | jq -c '.[1][1] | .moves[.gains | index(max)]') ;;
    '['*) reply='"void"' ;;
    *) continue ;; # {"error": ...} or {"ejected": ...}: the stream ends
    esac
    printf '>> %.100s\n' "$reply"
    answer=$(curl -sS -X POST "$host/api/bot/seat/$seat" -H "Authorization: Bearer $TOKEN" \
        -H 'Content-Type: application/json' -d "$reply")
    [ "$answer" = '{"ok":true}' ] || printf '!! %s\n' "$answer"
done
