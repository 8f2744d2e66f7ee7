"""Facts told once, asked in words they do not share: does what went in come back?

Thirty facts a user tells about themselves (one message each) and six messages of other
things, then one question per fact that shares no content word with it ("Do I have kids?"
against "Our twins start primary school in September."). Per embedder, each question is put
to ``search`` (is the fact among the first 1, 3, 5 hits), to ``context(max_tokens=300)``
(is it in the text) and to the offline ``chat`` (does the answer hold it). Written for this
project; a probe of paraphrase, not a published benchmark:

    .venv/bin/python eval/paraphrases.py --embedders hashing wordllama
"""

from __future__ import annotations

import argparse
import json
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from mirix_like import MemorySystem
from mirix_like.embedders import EMBEDDERS

USER = "u"
FACTS = [
    # (what the user said, the question, the words the answer holds)
    ("Our twins start primary school in September.", "Do I have kids?", "twins"),
    ("I play the cello in a community orchestra on Thursdays.",
     "Which musical instrument do I play?", "cello"),
    ("My husband Tom is a firefighter.", "What does my spouse do for a living?", "firefighter"),
    ("We adopted a beagle puppy called Biscuit.", "What's my dog's name?", "Biscuit"),
    ("I'm allergic to peanuts.", "Do I have any food allergies?", "peanuts"),
    ("I drive a blue Toyota Corolla.", "What car do I own?", "Corolla"),
    ("My mum lives in Galway.", "Where does my mother live?", "Galway"),
    ("I ran the Berlin marathon last autumn.", "Have I done any long-distance races?",
     "marathon"),
    ("I'm learning Japanese on Duolingo.", "Which language am I studying?", "Japanese"),
    ("I work night shifts as a nurse at St Mary's hospital.", "What is my job?", "nurse"),
    ("My favourite author is Ursula Le Guin.", "Which writer do I like best?", "Le Guin"),
    ("I can't stand horror movies.", "What kind of films do I dislike?", "horror"),
    ("I broke my wrist skiing in February.", "Have I had any injuries?", "wrist"),
    ("I grow tomatoes and basil on my balcony.", "What vegetables do I garden?", "tomatoes"),
    ("My daughter Ana is studying medicine in Porto.",
     "What is my child studying at university?", "medicine"),
    ("I go bouldering twice a week.", "How often do I climb?", "bouldering"),
    ("Our flat has two bedrooms and a tiny kitchen.", "How big is my apartment?", "bedrooms"),
    ("I take the 7:40 train to Leeds every weekday.", "How do I commute to work?", "train"),
    ("My sister Priya got engaged to Omar in June.", "Who is my sister marrying?", "Omar"),
    ("I'm saving up for a trip to Patagonia.", "Where do I want to travel?", "Patagonia"),
    ("I have type 1 diabetes.", "Do I have any medical conditions?", "diabetes"),
    ("I volunteer at the food bank on Saturdays.", "Do I do any charity work?", "food bank"),
    ("My laptop is a ThinkPad X1 Carbon.", "What computer do I use?", "ThinkPad"),
    ("I quit smoking three years ago.", "Do I smoke cigarettes?", "smoking"),
    ("My grandfather was a coal miner in Wales.", "What did my grandpa do for work?", "miner"),
    ("I play five-a-side football with colleagues.", "Do I play any sports?", "football"),
    ("I'm vegetarian.", "Do I eat meat?", "vegetarian"),
    ("Our wedding anniversary is on 12 May.", "When did I get married?", "12 May"),
    ("I studied architecture at TU Delft.", "Where did I go to university?", "Delft"),
    ("My cat Miso hates the vacuum cleaner.", "Do I have pets?", "Miso"),
]
OTHER = ["I had pasta for lunch today.", "The weather was awful this morning.",
         "I watched a documentary about octopuses.", "We painted the hallway green.",
         "I need to renew my passport soon.", "The meeting with the bank went fine."]


def told(folder: Path, embedder: str) -> MemorySystem:
    """An offline memory in ``folder`` where the user said every fact and other message,
    one message a day."""
    memory = MemorySystem(store_uri=str(folder), backend="offline", embedder=embedder)
    for n, text in enumerate([fact for fact, _, _ in FACTS] + OTHER):
        memory.add([{"role": "user", "content": text}], user_id=USER,
                   occurred_at=f"2025-{1 + n // 28:02d}-{1 + n % 28:02d}T10:00:00Z")
    memory.flush(USER)
    return memory


def rank_of(memory: MemorySystem, question: str, said: str, limit: int = 5) -> int | None:
    """Where the fact first comes among ``search``'s hits (0 = first), or None."""
    hits = memory.search(question, user_id=USER, limit=limit)
    return next((n for n, hit in enumerate(hits)
                 if said.lower() in hit.item.model_dump_json().lower()), None)


def measure(embedder: str) -> dict[str, Any]:
    """Per question: the fact's search rank, whether context and answer hold it."""
    start = time.perf_counter()
    rows = []
    with tempfile.TemporaryDirectory() as folder, told(Path(folder), embedder) as memory:
        for _, question, said in FACTS:
            context = memory.context(question, user_id=USER, max_tokens=300).text
            answer = memory.chat(question, user_id=USER).answer
            rows.append({"question": question, "rank": rank_of(memory, question, said),
                         "context": said.lower() in context.lower(),
                         "answer": said.lower() in answer.lower(), "answered": answer})
    found = {f"top{k}": sum(r["rank"] is not None and r["rank"] < k for r in rows)
             for k in (1, 3, 5)}
    return {"embedder": embedder, **found, "context300": sum(r["context"] for r in rows),
            "answer": sum(r["answer"] for r in rows), "questions": len(rows),
            "wall_s": round(time.perf_counter() - start, 1), "rows": rows}


def table(results: Sequence[dict[str, Any]]) -> str:
    """Markdown: one row per embedder."""
    lines = ["| embedder | search top 1 | top 3 | top 5 | context (300 tokens) | offline answer "
             "| wall s |", "|---|---|---|---|---|---|---|"]
    for r in results:
        n = r["questions"]
        lines.append(f"| {r['embedder']} | {r['top1']}/{n} | {r['top3']}/{n} | {r['top5']}/{n}"
                     f" | {r['context300']}/{n} | {r['answer']}/{n} | {r['wall_s']} |")
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--embedders", nargs="+", choices=("auto", *EMBEDDERS),
                        default=["hashing", "wordllama"])
    parser.add_argument("--out", type=Path, help="write every question's result as JSON")
    args = parser.parse_args(argv)
    results = [measure(name) for name in args.embedders]
    print(table(results))
    if args.out:
        args.out.write_text(json.dumps(results, indent=1, ensure_ascii=False))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
