"""The whole bot of docs/bots.md, section 7, as written there, plays a game."""
import os
import subprocess
import sys

DOCS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", "docs", "bots.md")


def block(text, fence):
    """The first ```FENCE block of section 7 of docs/bots.md."""
    section = text.split("## 7. Writing a bot with the client library", 1)[1]
    return section.split("```" + fence + "\n", 1)[1].split("```", 1)[0]


def test_the_python_bot_of_the_docs_plays_a_game(host, tmp_path):
    with open(DOCS, encoding="utf-8") as f:
        code = block(f.read(), "python")
    assert "from tessera_remote import" in code and "45678" in code
    # an open table of Triominos: the bot's sign-up for the game takes its seat
    table = host.table("triominos")
    bot = tmp_path / "greedy.py"
    bot.write_text(code.replace("45678", str(host.tcp)))
    done = subprocess.run([sys.executable, str(bot)], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout in ("pybot won\n", "pybot lost\n"), done.stdout
    g = host.game(table)
    assert "pybot" in [s["name"] for s in g["seats"]] and g["ejected"] == []
    assert ("pybot" in g["winners"]) == (done.stdout == "pybot won\n")
