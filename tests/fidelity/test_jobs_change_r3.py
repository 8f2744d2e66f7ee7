"""Jobs that change, and every way of asking about one, in five languages.

A new job said in passing ("Got promoted, I'm QA lead at Takealot now", "Ich habe eine neue
Stelle als Filialleiterin bei dm", "我辞职了，现在在字节跳动当产品总监") replaces the one held,
which is kept as past ("What was my previous job?"); a trade left ("I left teaching", "I quit
my job at Amazon") ends it; a compact intro ("Thabo here, 34, software tester from Durban")
gives it. A job is asked in each language's own words ("¿A qué me dedico?", "Qu'est-ce que je
fais dans la vie ?", "我做什么工作？"), in the past ("Quel était mon métier ?") and whether one
still works ("Est-ce que je travaille encore ?" after "J'ai pris ma retraite").
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from support.told import asked_by, core_holds, says_only, told_all

from mirix_like import MemorySystem

BEFORE, LATER = "2025-02-03T18:00:00+00:00", "2025-06-20T09:00:00+00:00"
PEOPLE = {
    # the family the brief names
    "noor": ((BEFORE, ["Hi! I'm Noor Haddad, I teach chemistry at a secondary school in Leeds."]),
             (LATER, ["I left teaching. I'm a lab manager at the University of York now."])),
    "thabo": ((BEFORE, ["Thabo here, 34, software tester from Durban. Got two kids, Lindiwe "
                        "and Sipho."]),
              (LATER, ["Got promoted, I'm QA lead at Takealot now."])),
    "anja": ((BEFORE, ["Hallo, ich heiße Anja Becker und wohne in Leipzig.",
                       "Ich arbeite als Apothekerin."]),
             (LATER, ["Ich habe eine neue Stelle als Filialleiterin bei dm."])),
    "wei": ((BEFORE, ["我叫王伟，在上海做产品经理。"]),
            (LATER, ["我辞职了，现在在字节跳动当产品总监。"])),
    "camila": ((BEFORE, ["Me llamo Camila Rojas y soy profesora de yoga en Santiago."]),),
    "luc": ((BEFORE, ["Je m'appelle Luc, j'ai 52 ans et je suis boulanger à Nantes."]),
            (LATER, ["J'ai pris ma retraite en septembre."])),
    # the brief's other wordings
    "dev": ((BEFORE, ["I'm a line cook at a diner in Leeds."]),
            (LATER, ["I started as head chef at Dishoom last month."])),
    "elise": ((BEFORE, ["Je suis développeuse chez Ubisoft."]),
              (LATER, ["Je suis passée cheffe de projet."])),
    "marta": ((BEFORE, ["Trabajo como vendedora en Zara."]),
              (LATER, ["Me ascendieron a jefa de ventas."])),
    "jonas": ((BEFORE, ["Ich arbeite als Entwickler bei Siemens."]),
              (LATER, ["Seit April bin ich Teamleiter bei SAP."])),
    "lei": ((BEFORE, ["我在华为当工程师。"]),
            (LATER, ["我升职了，现在是部门经理。"])),
    "sam": ((BEFORE, ["I work at Amazon as a warehouse supervisor."]),
            (LATER, ["I quit my job at Amazon."])),
    "kit": ((BEFORE, ["I'm a barista at Costa."]),
            (LATER, ["new job! junior dev at a startup called Loop"])),
    # wordings none of the rules were tuned on
    "petra": ((BEFORE, ["Ich arbeite als Sachbearbeiterin bei der Allianz."]),
              (LATER, ["Ich wurde zur Abteilungsleiterin befördert."])),
    "ines": ((BEFORE, ["Je suis comptable chez Decathlon."]),
             (LATER, ["J'ai été promue directrice financière."])),
    "pablo": ((BEFORE, ["Trabajo como camarero en Sevilla."]),
              (LATER, ["Ya no trabajo como camarero, ahora soy guía turístico."])),
    "hao": ((BEFORE, ["我在腾讯做程序员。"]),
            (LATER, ["我换工作了，现在在阿里巴巴做运营总监。"])),
    "ruth": ((BEFORE, ["I work as a receptionist at a gym."]),
             (LATER, ["Landed a job as a paralegal at Linklaters!"])),
    "owen": ((BEFORE, ["I'm an art teacher at Hillside Academy."]),
             (LATER, ["Quit teaching last summer, I'm a full-time potter now."])),
    "uwe": ((BEFORE, ["Ich bin Busfahrer in Kiel."]),
            (LATER, ["Ich bin seit Oktober in Rente."])),
    "fang": ((BEFORE, ["我是一名会计。"]),
             (LATER, ["我上个月退休了。"])),
    "zoe": ((BEFORE, ["Je travaille comme infirmière à l'hôpital Necker."]),),
    "nerea": ((BEFORE, ["Soy enfermera en un hospital de Bilbao."]),
              (LATER, ["Dejé la enfermería y ahora trabajo como profesora de pilates."])),
    "pepe": ((BEFORE, ["Soy Pepe y trabajo como conductor de autobús."]),
             (LATER, ["Me jubilé el mes pasado."])),
}

QUESTIONS = [
    ("noor", "What do I do for a living?", "lab manager", ["teach"]),
    ("noor", "What was my previous job?", "taught chemistry", []),
    ("noor", "Where do I work?", "University of York", ["Leeds"]),
    ("noor", "What do I do?", "lab manager", ["teach"]),
    ("noor", "Am I still a teacher?", "lab manager", []),
    ("noor", "What did I do before I became a lab manager?", "taught chemistry", []),
    ("noor", "What's my current role?", "lab manager", ["teach"]),
    ("thabo", "What's my job?", "QA lead", ["software tester"]),
    ("thabo", "Where do I work?", "Takealot", []),
    ("thabo", "What was my job before?", "software tester", []),
    ("thabo", "What did I do for a living before?", "worked as a software tester", []),
    ("thabo", "What's my job title?", "QA lead", []),
    ("anja", "Was bin ich von Beruf?", "Filialleiterin", ["Apothekerin"]),
    ("anja", "Was war mein Beruf vorher?", "Apothekerin", []),
    ("anja", "Wo arbeite ich?", "dm", []),
    ("wei", "我在哪里工作？", "字节跳动", ["上海"]),
    ("wei", "我做什么工作？", "产品总监", ["产品经理"]),
    ("wei", "我以前做什么工作？", "产品经理", []),
    ("camila", "¿A qué me dedico?", "yoga", []),
    ("camila", "¿Cuál es mi profesión?", "yoga", []),
    ("luc", "Est-ce que je travaille encore ?", "retraite", []),
    ("luc", "Je travaille toujours ?", "retraite", []),
    ("luc", "Quel était mon métier ?", "boulanger", []),
    ("dev", "What's my job?", "head chef", ["line cook"]),
    ("dev", "Where do I work?", "Dishoom", ["diner"]),
    ("elise", "Quel est mon métier ?", "cheffe de projet", ["développeuse"]),
    ("elise", "Quel était mon métier avant ?", "développeuse", []),
    ("marta", "¿En qué trabajo?", "jefa de ventas", ["vendedora"]),
    ("marta", "¿A qué me dedico?", "jefa de ventas", ["vendedora"]),
    ("jonas", "Was bin ich von Beruf?", "Teamleiter", ["Entwickler"]),
    ("jonas", "Wo arbeite ich?", "SAP", ["Siemens"]),
    ("lei", "我做什么工作？", "部门经理", ["工程师"]),
    ("sam", "Where do I work?", None, ["You work at Amazon", "warehouse"]),
    ("sam", "What's my job?", None, ["You work as a warehouse supervisor"]),
    ("kit", "What's my job?", "junior dev", ["barista"]),
    ("kit", "Where do I work?", "Loop", ["Costa"]),
    ("petra", "Was bin ich von Beruf?", "Abteilungsleiterin", ["Sachbearbeiterin"]),
    ("petra", "Was habe ich vorher beruflich gemacht?", "Sachbearbeiterin", []),
    ("ines", "Quel est mon métier ?", "directrice financière", ["comptable"]),
    ("pablo", "¿En qué trabajo?", "guía turístico", ["camarero"]),
    ("pablo", "¿En qué trabajaba antes?", "camarero", []),
    ("hao", "我做什么工作？", "运营总监", ["程序员"]),
    ("hao", "我在哪里工作？", "阿里巴巴", ["腾讯"]),
    ("ruth", "What's my job?", "paralegal", ["receptionist"]),
    ("ruth", "Where do I work?", "Linklaters", []),
    ("owen", "What do I do for a living?", "potter", ["teacher", "Hillside"]),
    ("owen", "What was my previous job?", "art teacher", []),
    ("uwe", "Arbeite ich noch?", "Ruhestand", []),
    ("uwe", "Was war mein Beruf?", "Busfahrer", []),
    ("fang", "我还在上班吗？", "退休", []),
    ("fang", "我以前是做什么的？", "会计", []),
    ("zoe", "Qu'est-ce que je fais dans la vie ?", "infirmière", []),
    ("nerea", "¿A qué me dedico?", "pilates", ["enfermera"]),
    ("nerea", "¿Cuál era mi profesión antes?", "enfermera", []),
    ("pepe", "¿Sigo trabajando?", "jubilado", []),
    ("pepe", "¿Cuál era mi trabajo?", "conductor de autobús", []),
]

CORE = [
    # the job replaced is past, the employer kept whole
    ("noor", ["lab manager", "the University of York"], ["teaches chemistry"],
     ["teaches chemistry"]),
    ("thabo", ["QA lead", "Takealot"], ["software tester"], ["software tester"]),
    ("anja", ["Filialleiterin", "bei dm"], ["Apothekerin"], ["Apothekerin"]),
    ("wei", ["产品总监", "字节跳动"], ["产品经理"], ["产品经理"]),
    ("uwe", ["Ruhestand"], ["Busfahrer", "Rente"], ["Busfahrer"]),
]


@pytest.fixture(scope="module")
def memory(tmp_path_factory: pytest.TempPathFactory) -> Iterator[MemorySystem]:
    with told_all(tmp_path_factory.mktemp("jobs_r3"), PEOPLE) as system:
        yield system


@pytest.mark.parametrize(("user", "question", "says", "not_said"), asked_by(QUESTIONS))
def test_a_job_asked_any_way_is_the_current_one(memory: MemorySystem, user: str, question: str,
                                                says: str | None, not_said: list[str]) -> None:
    says_only(memory.chat(question, user_id=user).answer, says, not_said)


@pytest.mark.parametrize(("user", "now", "gone", "past"), CORE, ids=[c[0] for c in CORE])
def test_a_new_job_replaces_the_old_one_in_core(memory: MemorySystem, user: str,
                                                now: list[str], gone: list[str],
                                                past: list[str]) -> None:
    core_holds(memory, user, now, gone, past)
