"""Secrets said in everyday words, in five languages, and the near misses that are not."""

from __future__ import annotations

import pytest

from mirix_like.secrets import find_secrets


def only(text: str) -> tuple[str, str, str]:
    [secret] = find_secrets(text)
    return secret.kind, secret.value, secret.label


@pytest.mark.parametrize(
    ("text", "kind", "value", "label"),
    [
        # English
        ("the wifi password is hunter2", "password", "hunter2", "wifi password"),
        ("The WiFi password is sunshine.", "password", "sunshine", "WiFi password"),
        ("my locker combination is 12-34-56", "combination", "12-34-56", "locker combination"),
        ("the PIN for my card is 4821", "pin", "4821", "card PIN"),
        ("door code 7730#", "code", "7730#", "door code"),
        ("Our gym locker code is 4417, don't lose it", "code", "4417", "gym locker code"),
        ("The code to the gate is 2580.", "code", "2580", "gate code"),
        ("the alarm code is 1-2-3-4", "code", "1-2-3-4", "alarm code"),
        ("the safe combination is 36 24 36", "combination", "36 24 36", "safe combination"),
        ("I set the garage passcode to 9911", "code", "9911", "garage passcode"),
        ("I changed my wifi password to Otter-Lantern-42", "password", "Otter-Lantern-42",
         "wifi password"),
        ("I updated the router password to K9-storm", "password", "K9-storm",
         "router password"),
        ("mi contraseña nueva es Gato-Azul-9", "password", "Gato-Azul-9", "contraseña"),
        ("le mot de passe actuel est Chat-Bleu-8", "password", "Chat-Bleu-8", "mot de passe"),
        ("My bank PIN is now 0412.", "pin", "0412", "bank PIN"),
        ("my passphrase is correct horse battery staple", "passphrase",
         "correct horse battery staple", "passphrase"),
        ('The password to the office wifi is "blue fox 42".', "password", "blue fox 42",
         "office wifi password"),
        ("new password: Xy7!pQ", "password", "Xy7!pQ", "password"),
        ("pwd is Tr0ub4dor&3", "password", "Tr0ub4dor&3", "password"),
        ("login: sam.k", "username", "sam.k", "login"),
        ("my user name is sam_k99", "username", "sam_k99", "user name"),
        ("the verification code is 482913", "code", "482913", "verification code"),
        ("my account number is 12345678", "account", "12345678", "account number"),
        ("the routing number is 021000021", "account", "021000021", "routing number"),
        ("my passport number is X1234567", "id_number", "X1234567", "passport number"),
        ("Ana's PIN is 1357", "pin", "1357", "PIN"),
        ("her email is dana@example.net", "email", "dana@example.net", "email address"),
        ("the Netflix pw is Popcorn!99", "password", "Popcorn!99", "Netflix password"),
        ("meeting ID 845 2291 0034, passcode 771233", "code", "771233", "passcode"),
        ("my locker is number 12 and the combo is 10-20-30", "combination", "10-20-30",
         "combination"),
        ("She said the code was 'open sesame'", "code", "open sesame", "code"),
        ("passport no. X12345678", "id_number", "X12345678", "passport no."),
        ("My number changed, it's now 555-0199.", "phone", "555-0199", "phone number"),
        ("my new mobile number is 07700 900123", "phone", "07700 900123", "mobile number"),
        # German
        ("WLAN-Passwort: Sonnenschein42", "password", "Sonnenschein42", "WLAN-Passwort"),
        ("Mein Passwort ist Blume2024!", "password", "Blume2024", "Passwort"),
        ("Das Passwort für das WLAN lautet Katze77", "password", "Katze77",
         "Passwort für das WLAN"),
        ("Die PIN meiner Karte ist 1234.", "pin", "1234", "PIN meiner Karte"),
        ("Der Türcode ist 4711#.", "code", "4711#", "Türcode"),
        ("Die Zahlenkombination vom Fahrradschloss ist 0815", "combination", "0815",
         "Zahlenkombination vom Fahrradschloss"),
        ("Meine Kontonummer lautet 532013000", "account", "532013000", "Kontonummer"),
        ("Mein Benutzername ist sam_k", "username", "sam_k", "Benutzername"),
        # French
        ("mon mot de passe est chat-noir-7", "password", "chat-noir-7", "mot de passe"),
        ("Le mot de passe du wifi est soleil2023", "password", "soleil2023",
         "mot de passe du wifi"),
        ("mon code PIN est 4821", "pin", "4821", "code PIN"),
        ("le code de la porte est 7730A", "code", "7730A", "code de la porte"),
        ("Le digicode de l'immeuble : 45B12", "code", "45B12", "digicode de l'immeuble"),
        ("la combinaison de mon cadenas est 12-34-56", "combination", "12-34-56",
         "combinaison de mon cadenas"),
        ("mon identifiant est sam_k", "username", "sam_k", "identifiant"),
        ("et le mot de passe wifi: Soleil2023!", "password", "Soleil2023", "mot de passe wifi"),
        # Spanish
        ("la contraseña del wifi es gatito123", "password", "gatito123", "contraseña del wifi"),
        ("Mi contraseña es Perro#2020", "password", "Perro#2020", "contraseña"),
        ("el código de la puerta es 4455", "code", "4455", "código de la puerta"),
        ("mi PIN es 9876", "pin", "9876", "PIN"),
        ("la combinación del candado es 10-20-30", "combination", "10-20-30",
         "combinación del candado"),
        ("mi número de cuenta es 0049 1500 4512 3456", "account", "0049 1500 4512 3456",
         "número de cuenta"),
        # Chinese
        ("密码是qwerty99", "password", "qwerty99", "密码"),
        ("公司wifi密码：abc@2024", "password", "abc@2024", "公司wifi密码"),
        ("我家的门禁码是1234#", "code", "1234#", "门禁码"),
        ("我的银行卡密码是908172", "password", "908172", "银行卡密码"),
        ("我把路由器密码改成了Rt8899xx", "password", "Rt8899xx", "路由器密码"),
        ("我的用户名是sam_k", "username", "sam_k", "用户名"),
        ("我的身份证号是11010519491231002X", "id_number", "11010519491231002X", "身份证号"),
    ],
)
def test_secrets_in_everyday_words(text: str, kind: str, value: str, label: str) -> None:
    assert only(text) == (kind, value, label)


def test_whose_secret_it_is() -> None:
    [secret] = find_secrets("我妈妈的手机号是13912345678")
    assert (secret.label, secret.owner) == ("手机号", "妈妈")
    [secret] = find_secrets("My brother's door code is 5566")
    assert (secret.label, secret.owner) == ("door code", "brother")


@pytest.mark.parametrize(
    "text",
    [
        "my password manager is great",
        "the code review went well",
        "I changed my gym",
        "I changed the password to my email account yesterday",
        "I need to change my password to something stronger",
        "My password is strong.",
        "my password is case sensitive and must be long",
        "The password is on a sticky note on the fridge",
        "I forgot my password again, so annoying!",
        "Reset your password within 24 hours.",
        "What's the wifi password?",
        "the code is on GitHub",
        "The code for the project is done",
        "The zip code is 94110",
        "Use promo code SAVE20 at checkout",
        "Hotel confirmation code: QX7-448-ZT",
        "Your reservation code is ABC123",
        "Order code 55123 has shipped",
        "error code 404 again",
        "The source code is 2000 lines",
        "a token of appreciation",
        "I spin 100 times a day",
        "pin 100 photos to the board",
        "I pinned 3 photos",
        "The combination of flavours was amazing",
        "That combination is 100% better",
        "my phone is broken",
        "My number is in the book",
        "I moved to a new address last year",
        "Mein Passwort ist sicher.",
        "Le code est prêt",
        "mon mot de passe est trop court",
        "la contraseña es segura",
        "la clave es la paciencia",
        "密码是什么？",
        "我忘了密码",
        "The meeting is at 10:30 on 8 May 2023 and costs $25.99.",
        "I upgraded to version 1.2.3 and ran 5 km in 2023.",
        "Barcode 4006381333931 on the box",
        "The Unicode code point is U+1F600",
        "I was born on 1990-04-12 and my height is 180 cm.",
        "If the build fails, pass `CMAKE_ARGS=-DGGML_NATIVE=OFF` to pip.",
        "Please pass the salt: thanks!",
    ],
)
def test_near_misses_are_not_secrets(text: str) -> None:
    assert find_secrets(text) == []
