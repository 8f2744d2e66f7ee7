"""Knowledge that changes, seventh round of wordings the rules were not written for: a nurse
who "transferred to Salford Royal", a shift changed ("I moved to days, no more night shifts",
"Ich bin in die Frühschicht gewechselt", "我改上白班了"), going freelance ("I now freelance
instead of working at Spotify"), a compact intro with an acronym in the job ("I'm Zoe, 29, a UX
designer at Spotify") or a town one is from ("Thabo here, 34, software tester from Durban"), a
car bought after the old one was sold, said in Chinese or of a relative, and a proposal in
French or Spanish ("Hugo m'a demandée en mariage"). Then casual changes of one's own: a new
number, a new e-mail, a GP or dentist switched, a gym, a school for the children, a provider,
a team, a band no longer liked, a diet ended, a pet rehomed, going self-employed.

Each case is its own user, told in two sessions (an intro: the later only). Every question
must carry what holds (or, asked about before, what held then), must not carry what it lists,
must be one sentence and must not show how memories are rendered. A question the rules cannot
answer yet carries why.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from support.told import asked, says_only, stored_facts, told

from mirix_like import MemorySystem

FIRST, LATER = "2024-04-02T09:00:00+00:00", "2025-06-11T19:00:00+00:00"
# (what was said first, what was said later, [(question, what the answer must say or None,
# what it must not say[, why not yet]), ...])
CASES = [
    # a workplace transferred to
    (["I'm a nurse at St Mary's."], ["I transferred to Salford Royal in May."], [
        ("Where do I work?", "Salford Royal", ["St Mary"]),
        ("Where did I work before?", "St Mary", ["Salford"]),
        ("What's my job?", "nurse", []),
    ]),
    # money transferred is no new workplace
    (["I work at Aviva."], ["Just transferred £200 to Monzo."], [
        ("Where do I work?", "Aviva", ["Monzo"]),
    ]),
    (["I work at Aviva in Norwich."], ["Got transferred to the London office, so I'm at "
                                       "Aviva London now."], [
        ("Where do I work?", "Aviva", []),
    ]),
    # a shift changed is no move of home
    (["I live in Leeds.", "I work night shifts at the hospital."],
     ["I moved to days, no more night shifts."], [
        ("What shift do I work?", "day", ["night"]),
        ("Do I work nights?", "day", []),
        ("Where do I live?", "Leeds", []),
    ]),
    (["Ich arbeite in der Nachtschicht."], ["Ich bin in die Frühschicht gewechselt."], [
        ("Arbeite ich in der Nachtschicht?", "Frühschicht", []),
    ]),
    (["我上夜班。"], ["我改上白班了。"], [
        ("我上什么班？", "白班", ["夜班"]),
    ]),
    # going freelance: no employer now, the old one kept as past
    (["I'm a UX designer at Spotify."], ["I now freelance instead of working at Spotify."], [
        ("Where do I work?", "yourself", ["Spotify"]),
        ("Where did I work before?", "Spotify", []),
    ]),
    (["I work at Spotify as a designer."], ["I went freelance last month."], [
        ("Where do I work?", "yourself", ["Spotify"]),
        ("Where did I work before?", "Spotify", []),
    ]),
    (["Ich arbeite bei Lidl."], ["Ich bin jetzt selbstständig."], [
        ("Wo arbeite ich?", "selbstständig", ["Lidl"]),
    ]),
    (["Trabajo en Telefónica."], ["Ahora soy autónomo, ya no trabajo en Telefónica."], [
        ("¿Dónde trabajo?", None, ["Trabajas en Telefónica"]),
    ]),
    # compact intros
    ([], ["I'm Zoe, 29, a UX designer at Spotify."], [
        ("What's my job?", "UX designer", []),
        ("Where do I work?", "Spotify", []),
        ("How old am I?", "29", []),
    ]),
    ([], ["Thabo here, 34, software tester from Durban."], [
        ("Where am I from?", "Durban", []),
        ("What's my job?", "software tester", []),
    ]),
    # a car bought after the old one was sold
    (["我开一辆大众高尔夫。"], ["我把旧车卖了，现在开特斯拉。"], [
        ("我开什么车？", "特斯拉", ["高尔夫"]),
        ("我以前开什么车？", "高尔夫", []),
    ]),
    (["I drive a Volvo."], ["Sold my Volvo and bought a Toyota."], [
        ("What car do I drive?", "Toyota", ["Volvo"]),
    ]),
    (["My dad drives a Volvo."], ["My dad sold his Volvo and bought a Toyota."], [
        ("What car does my dad drive?", "Toyota", ["Volvo"]),
        ("What car do I drive?", None, ["Toyota", "Volvo"]),
    ]),
    # a proposal in French or Spanish makes the partner a fiancé(e)
    (["Mon copain s'appelle Hugo."], ["Hugo m'a demandée en mariage, on s'est fiancés !"], [
        ("Qui est Hugo ?", "fiancé", ["copain"]),
    ]),
    (["Mi novio se llama Javier."], ["¡Javier me pidió matrimonio y dije que sí!"], [
        ("¿Quién es Javier?", "prometido", ["novio"]),
    ]),
    # a new number or e-mail, said casually (kept in the vault by design)
    (["My phone number is 07700 900456."], ["new number's 07700 900123"], [
        ("What's my phone number?", "07700 900123", ["900456"]),
    ]),
    (["My email is sam@old.com."], ["btw I use sam.k@proton.me now for email"], [
        ("What's my email?", "sam.k@proton.me", ["sam@old.com"]),
    ]),
    (["Mi correo es ana@gmail.com."], ["Mi nuevo correo es ana.ruiz@outlook.es."], [
        ("¿Cuál es mi correo?", "ana.ruiz@outlook.es", ["ana@gmail.com"]),
    ]),
    # a doctor or dentist switched
    (["My GP is Dr Patel."], ["I switched GPs, I see Dr Okafor now."], [
        ("Who's my GP?", "Okafor", ["Patel"]),
        ("Who was my GP before?", "Patel", []),
    ]),
    (["Mein Zahnarzt ist Dr. Weber."], ["Ich habe den Zahnarzt gewechselt, jetzt gehe ich zu "
                                        "Dr. Schulz."], [
        ("Wer ist mein Zahnarzt?", "Schulz", ["Weber"]),
    ]),
    (["我的医生是王医生。"], ["我换医生了，现在看李医生。"], [
        ("我的医生是谁？", "李医生", ["王医生"]),
    ]),
    (["Mon médecin traitant est le docteur Martin."],
     ["J'ai changé de médecin, maintenant c'est le docteur Bernard."], [
        ("Qui est mon médecin traitant ?", "Bernard", ["Martin"]),
    ]),
    (["Mi dentista es la doctora Ruiz."], ["Cambié de dentista, ahora voy al doctor Gómez."], [
        ("¿Quién es mi dentista?", "Gómez", ["Ruiz"]),
    ]),
    # a gym changed
    (["Entreno en Altafit."], ["Ahora voy al gimnasio Basic-Fit."], [
        ("¿A qué gimnasio voy?", "Basic-Fit", ["Altafit"]),
    ]),
    (["Je vais à la salle chez Basic-Fit."], ["Maintenant je vais chez Keep Cool."], [
        ("Où est-ce que je vais à la salle ?", "Keep Cool", ["Basic-Fit"],
         "'je vais à la salle chez' and 'je vais chez' are read by no gym rule"),
    ]),
    # a school changed for a child
    (["My kids go to Oakfield Primary."], ["we switched the kids to St Anne's"], [
        ("Which school do my kids go to?", "St Anne", ["Oakfield"],
         "the children's school is no slot: 'switched the kids to' ends nothing"),
    ]),
    (["我儿子在实验小学上学。"], ["我儿子转学到育才小学了。"], [
        ("我儿子在哪里上学？", "育才", ["实验"]),
    ]),
    # a provider changed
    (["Mon opérateur internet est Orange."], ["Je suis passé chez Free."], [
        ("Quel est mon opérateur internet ?", "Free", ["Orange"],
         "'passé chez' is read as no change of provider"),
    ]),
    # a team changed at work keeps the employer
    (["I'm on the payments team at Monzo."], ["I moved to the fraud team last month."], [
        ("Which team am I on?", "fraud", ["payments"]),
    ]),
    (["Ich arbeite im Vertrieb bei SAP."], ["Ich bin ins Marketing-Team gewechselt."], [
        ("In welchem Team bin ich?", "Marketing", ["Vertrieb"]),
        ("Wo arbeite ich?", "SAP", []),
    ]),
    # a band no longer liked
    (["My favourite band is Coldplay."], ["I'm over Coldplay, my favourite band is Arctic "
                                          "Monkeys now."], [
        ("What's my favourite band?", "Arctic Monkeys", ["Coldplay"]),
    ]),
    (["Ich liebe Rammstein."], ["Rammstein mag ich nicht mehr."], [
        ("Mag ich Rammstein?", "nicht", []),
    ]),
    # a diet ended
    (["I'm vegetarian."], ["I eat meat again, the vegetarian thing is over."], [
        ("Am I vegetarian?", "were", ["You are vegetarian"]),
    ]),
    (["Soy vegana."], ["Ya no soy vegana."], [
        ("¿Soy vegana?", "no", ["Eres vegana"]),
    ]),
    # a pet rehomed
    (["I have a dog called Biscuit."], ["We had to rehome Biscuit, my allergies got too bad."], [
        ("Do I have a dog?", "was your dog", ["You have a dog"]),
    ]),
    (["Ich habe eine Katze namens Luna."], ["Wir haben Luna abgegeben, sie lebt jetzt bei "
                                            "meiner Tante."], [
        ("Habe ich eine Katze?", "abgegeben", ["Du hast eine Katze"],
         "the first session's 'Katze namens Luna' is kept as no fact, only as the message"),
    ]),
    (["Mi perro se llama Toby."], ["Dimos a Toby en adopción, no teníamos espacio."], [
        ("¿Cómo se llama mi perro?", None, ["Tu perro se llama Toby"]),
    ]),
]


@pytest.fixture(scope="module")
def memory(tmp_path_factory: pytest.TempPathFactory) -> Iterator[MemorySystem]:
    with told(tmp_path_factory.mktemp("r7"), CASES, FIRST, LATER) as system:
        yield system


@pytest.mark.parametrize(("n", "question", "says", "not_said"), asked(CASES))
def test_a_change_or_no_change_is_answered(memory: MemorySystem, n: int, question: str,
                                           says: str | None, not_said: list[str]) -> None:
    says_only(memory.chat(question, user_id=f"u{n}").answer, says, not_said)


@pytest.mark.parametrize(("later", "now", "before"), [
    ("I transferred to Salford Royal in May.", "Salford Royal", "St Mary"),
    ("I moved to days, no more night shifts.", "day shifts", "night shifts"),
    ("I now freelance instead of working at Spotify.", "themself", "Spotify"),
    ("我把旧车卖了，现在开特斯拉。", "特斯拉", "高尔夫"),
    ("我改上白班了。", "白班", "夜班"),
])
def test_the_new_value_is_current_and_the_old_one_past(memory: MemorySystem, later: str,
                                                       now: str, before: str) -> None:
    """What the later session says holds now is current, what it replaced is past, and
    nothing current still says the old value."""
    n = next(n for n, (_, said, _) in enumerate(CASES) if said[-1] == later)
    stored = stored_facts(memory, f"u{n}")
    assert [s for s, past in stored.items() if now in s and not past], stored
    assert not [s for s, past in stored.items() if before in s and not past], stored
    assert [s for s, past in stored.items() if before in s and past], stored
