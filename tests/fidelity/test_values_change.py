"""Values that change in place, in five languages: a code or password changed ("changed the
wifi password, it's now moonbeam-77", "Le nouveau code de l'immeuble est 9C31"), a dose
raised ("doctor bumped my sertraline to 100mg", "Die Dosis wurde auf 5 mg erhöht"), an
appointment moved ("Der Arzttermin wurde auf den 20. Juni verschoben", "la cita se cambió al
lunes"), a sport given up for another ("不跑步了，改成游泳", "Dejé el fútbol y ahora juego al
pádel"). What holds now answers "what is it", what held before is kept past and answers "what
was it"; a code or password is never shown in chat: the answer says where it is kept.

Each case is its own user, told in two sessions. Every question asked must carry what holds
(or, asked about before, what held then), must not carry what it lists, must be one sentence
and must not show how memories are rendered. A question the rules cannot answer yet carries
why.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from support.told import asked, says_only, stored_facts, told

from mirix_like import MemorySystem

FIRST, LATER = "2025-03-01T09:00:00+00:00", "2025-06-02T08:00:00+00:00"
# (what was said first, what was said later, [(question, what the answer must say or None,
# what it must not say[, why not yet]), ...])
CASES = [
    # a code or password changed: where it is kept, never the value, never the message
    # beside a job that changed: "old" asks of the vault, not of the job kept past
    (["I work at Shopify.", "my wifi password is sunflower-42"],
     ["I quit Shopify and joined Stripe.", "changed the wifi password, it's now moonbeam-77"],
     [("What's the wifi password?", "wifi password is in the knowledge vault",
       ["moonbeam", "sunflower", "said", "changed"]),
      ("What was the old wifi password?", "old wifi password is in the knowledge vault",
       ["moonbeam", "sunflower", "said"])]),
    (["J'habite à Lyon.", "Mon code de la porte de l'immeuble est 4B27."],
     ["J'ai déménagé à Marseille le mois dernier.", "Le nouveau code de l'immeuble est 9C31."],
     [("Quel est le code de l'immeuble ?", "code de l'immeuble est dans le coffre",
       ["9C31", "4B27", "Tu as dit", "nouveau"]),
      ("Quel était l'ancien code ?", "ancien code est dans le coffre", ["9C31", "4B27"])]),
    (["La contraseña del wifi es gato1234."], ["Cambié la contraseña del wifi a perro4567."],
     [("¿Cuál es la contraseña del wifi?", "contraseña del wifi está en la bóveda",
       ["perro", "gato", "Dijiste"])]),
    (["Das WLAN-Passwort ist Sonne2024."],
     ["Hab das WLAN-Passwort geändert, jetzt ist es Mond2025."],
     [("Wie lautet das WLAN-Passwort?", "WLAN-Passwort ist im Wissenstresor",
       ["Mond", "Sonne", "gesagt"])]),
    (["我家的wifi密码是abc12345。"], ["wifi密码改成了xyz98765。"],
     [("wifi密码是什么？", "在知识库里", ["xyz", "abc"])]),
    (["我家门禁密码是1234。"], ["门禁密码改成了5678。"],
     [("我家门禁密码是多少？", "门禁密码在知识库里", ["5678", "1234", "是在"])]),
    # a dose raised or lowered
    (["I take 50mg sertraline every morning"], ["doctor bumped my sertraline to 100mg"],
     [("How much sertraline do I take?", "100mg", ["50mg"]),
      ("How much sertraline did I take before?", "50mg", ["100mg"])]),
    (["I take 10mg of melatonin before bed."], ["I now take 20mg of melatonin."],
     [("How much melatonin do I take?", "20mg", ["10mg"])]),
    (["Ich nehme 2,5 mg Ramipril am Morgen."], ["Die Dosis wurde auf 5 mg erhöht."],
     [("Wie viel Ramipril nehme ich?", "5 mg", ["2,5"]),
      ("Wie viel Ramipril habe ich vorher genommen?", "2,5 mg", ["5 mg Ramipril."])]),
    (["I take 25mg of metoprolol daily."], ["The dose was lowered, I now take 12.5mg."],
     [("How much metoprolol do I take?", "12.5mg", ["25mg"])]),
    (["Je prends 1 comprimé de Levothyrox le matin."], ["Je prends maintenant 2 comprimés."],
     [("Combien de Levothyrox je prends ?", "2 comprimés", ["1 comprimé"])]),
    (["Je prends 1000 mg de paracétamol."], ["Le médecin a baissé ma dose à 500 mg."],
     [("Combien de paracétamol je prends ?", "500 mg", ["1000"])]),
    (["Tomo 20 mg de omeprazol."], ["Ahora tomo 40 mg."],
     [("¿Cuánto omeprazol tomo?", "40 mg", ["20 mg"]),
      ("¿Cuánto omeprazol tomaba antes?", "20 mg", ["40 mg"])]),
    (["我每天吃一片安眠药。"], ["剂量加到了每天两片。"],
     [("我每天吃几片安眠药？", "两片", ["一片"])]),
    (["Je prends un comprimé de Doliprane le soir."],
     ["Je prends maintenant 2 comprimés de Doliprane."],
     [("Combien de Doliprane je prends ?", "2 comprimés", ["un comprimé"])]),
    (["Tomo 5 mg de escitalopram al día."], ["Ahora tomo 10 mg de escitalopram."],
     [("¿Cuánto escitalopram tomo?", "10 mg", ["5 mg"])]),
    (["我每天吃一片降压药。"], ["医生说降压药剂量加到了每天两片。"],
     [("我每天吃几片降压药？", "两片", ["一片"])]),
    # an appointment moved
    (["Mein Arzttermin ist am 14. März um 9 Uhr."],
     ["Der Arzttermin wurde auf den 20. Juni verschoben."],
     [("Wann ist mein Arzttermin?", "20. Juni", ["14. März"])]),
    (["My dentist appointment is on June 10."],
     ["My dentist appointment got moved to Friday the 13th."],
     [("When is my dentist appointment?", "13 June", ["10"])]),
    (["The team meeting is on 3 July."], ["The team meeting was postponed to 10 July."],
     [("When is the team meeting?", "10 July", ["3 July"])]),
    (["Mein Zahnarzttermin ist am 5. Juli."],
     ["Der Zahnarzttermin wurde auf den 12. Juli verlegt."],
     [("Wann ist mein Zahnarzttermin?", "12. Juli", ["5. Juli"])]),
    (["J'ai rendez-vous chez le dentiste le 28 avril."],
     ["Le rendez-vous chez le dentiste est reporté au 3 juillet."],
     [("Quand est mon rendez-vous chez le dentiste ?", "3 juillet", ["28 avril"])]),
    (["Tengo cita con el médico el viernes."], ["La cita con el médico se cambió al lunes."],
     [("¿Cuándo es mi cita con el médico?", "lunes", ["viernes"])]),
    (["我的牙医预约在下周一。"], ["牙医预约改到下周三了。"],
     [("我的牙医预约是什么时候？", "6月11日", ["3月3日"])]),
    # a sport given up for another
    # beside a job "now" in Hangzhou: "现在" asks of no job
    (["我在上海的腾讯工作。", "我每天早上跑步五公里。"],
     ["我跳槽到阿里巴巴了，现在在杭州工作。", "最近膝盖受伤了，不跑步了，改成游泳。"],
     [("我现在做什么运动？", "游泳", ["跑步", "工作"])]),
    (["I go running every morning."], ["I stopped running and took up swimming."],
     [("What sport do I do?", "swimming", ["running"])]),
    (["Ich jogge jeden Morgen."], ["Ich jogge nicht mehr, ich schwimme jetzt."],
     [("Welchen Sport mache ich?", "schwimm", ["jogge"])]),
    (["Je fais du vélo le week-end."], ["J'ai arrêté le vélo, je fais de la natation maintenant."],
     [("Quel sport je fais ?", "natation", ["Tu fais du vélo"])]),
    (["Je joue au foot le dimanche."], ["Je ne joue plus au foot, je fais du yoga maintenant."],
     [("Quel sport je fais ?", "yoga", ["Tu joues au foot"])]),
    (["I play tennis every weekend."], ["I gave up tennis, I play padel now."],
     [("What sport do I play?", "padel", ["tennis"])]),
    (["我周末打篮球。"], ["我不打篮球了，现在开始练瑜伽。"],
     [("我现在做什么运动？", "瑜伽", ["篮球"])]),
    (["Juego al fútbol los domingos."], ["Dejé el fútbol y ahora juego al pádel."],
     [("¿Qué deporte practico?", "pádel", ["fútbol"])]),
]


@pytest.fixture(scope="module")
def memory(tmp_path_factory: pytest.TempPathFactory) -> Iterator[MemorySystem]:
    with told(tmp_path_factory.mktemp("values"), CASES, FIRST, LATER) as system:
        yield system


@pytest.mark.parametrize(("n", "question", "says", "not_said"), asked(CASES))
def test_the_value_now_and_the_one_before_are_answered(memory: MemorySystem, n: int,
                                                      question: str, says: str | None,
                                                      not_said: list[str]) -> None:
    says_only(memory.chat(question, user_id=f"u{n}").answer, says, not_said)


KEPT = [("changed the wifi password, it's now moonbeam-77", "sunflower-42", "moonbeam-77"),
        ("Le nouveau code de l'immeuble est 9C31.", "4B27", "9C31"),
        ("Cambié la contraseña del wifi a perro4567.", "gato1234", "perro4567"),
        ("Hab das WLAN-Passwort geändert, jetzt ist es Mond2025.", "Sonne2024", "Mond2025"),
        ("wifi密码改成了xyz98765。", "abc12345", "xyz98765")]


def _user(later: str) -> str:
    return f"u{next(n for n, (_, said, _) in enumerate(CASES) if said[-1] == later)}"


@pytest.mark.parametrize(("later", "old", "new"), KEPT, ids=[k[0][:40] for k in KEPT])
def test_the_vault_keeps_the_new_value_current_and_the_old_one_past(
        memory: MemorySystem, later: str, old: str, new: str) -> None:
    """The vault holds the changed value as current, the old one as past; no other memory
    holds either (they reach no chat prompt)."""
    user = _user(later)
    held = {e.secret_value: e.is_past() for e in memory.store.list(
        "knowledge_vault", user, reveal_secrets=True)}
    assert held == {old: True, new: False}
    told = [item.summary for kind in ("episodic", "semantic")
            for item in memory.store.list(kind, user)]
    assert not [t for t in told if old in t or new in t], told


@pytest.mark.parametrize(("later", "now", "before"), [
    ("doctor bumped my sertraline to 100mg", "100mg of sertraline", "50mg"),
    ("Die Dosis wurde auf 5 mg erhöht.", "5 mg Ramipril", "2,5 mg"),
    ("Ahora tomo 40 mg.", "40 mg de omeprazol", "20 mg"),
    ("剂量加到了每天两片。", "两片安眠药", "一片"),
    ("最近膝盖受伤了，不跑步了，改成游泳。", "游泳", "跑步"),
    ("Ich jogge nicht mehr, ich schwimme jetzt.", "schwimmen", "joggen"),
    ("Dejé el fútbol y ahora juego al pádel.", "pádel", "fútbol"),
], ids=lambda v: v[:30])
def test_the_new_value_is_current_and_the_old_one_past(memory: MemorySystem, later: str,
                                                       now: str, before: str) -> None:
    """What the later session says holds now is current, what it replaced or ended is past,
    and nothing current still says the old value."""
    stored = stored_facts(memory, _user(later))
    assert [s for s, past in stored.items() if now in s and not past], stored
    assert not [s for s, past in stored.items() if before in s and not past], stored
    assert [s for s, past in stored.items() if before in s and past], stored
