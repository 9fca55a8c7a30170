#!/usr/bin/env python3
"""Independent JA3 / JA4 check for the captured ClientHellos in this folder.

Written from the two specifications (Salesforce's JA3 README, FoxIO's JA4.md), separately
from the Java implementation, with lists and hashlib instead of scratch arrays. It prints one
line per *.bin file: name, JA3 string, JA3 hash, JA4, JA4_r (tab separated); expected.tsv is
its output. Usage: python3 reference_fingerprints.py *.bin > expected.tsv
"""
import hashlib
import struct
import sys


def is_grease(v):
    return (v & 0x0F0F) == 0x0A0A and (v >> 8) == (v & 0xFF)


def handshake_message(wire):
    """Concatenates the payloads of the leading handshake records until one message is whole."""
    payload, i, need = b"", 0, None
    while need is None or len(payload) < need:
        ctype, _, length = struct.unpack(">BHH", wire[i:i + 5])
        assert ctype == 22, "not a handshake record"
        payload += wire[i + 5:i + 5 + length]
        i += 5 + length
        if need is None and len(payload) >= 4:
            need = 4 + int.from_bytes(payload[1:4], "big")
    assert payload[0] == 1, "not a ClientHello"
    return payload[4:need]


def u16_list(b):
    return [int.from_bytes(b[j:j + 2], "big") for j in range(0, len(b), 2)]


def parse(body):
    version = int.from_bytes(body[0:2], "big")
    p = 2 + 32
    p += 1 + body[p]                               # session id
    n = int.from_bytes(body[p:p + 2], "big")
    ciphers = u16_list(body[p + 2:p + 2 + n])
    p += 2 + n
    p += 1 + body[p]                               # compression methods
    exts = []
    if p < len(body):
        end = p + 2 + int.from_bytes(body[p:p + 2], "big")
        p += 2
        while p < end:
            t, length = struct.unpack(">HH", body[p:p + 4])
            exts.append((t, body[p + 4:p + 4 + length]))
            p += 4 + length
    return version, ciphers, exts


def ja3(version, ciphers, exts):
    data = dict(exts)
    groups = u16_list(data[10][2:]) if 10 in data else []
    formats = list(data[11][1:]) if 11 in data else []
    fields = [
        str(version),
        "-".join(str(c) for c in ciphers if not is_grease(c)),
        "-".join(str(t) for t, _ in exts if not is_grease(t)),
        "-".join(str(g) for g in groups if not is_grease(g)),
        "-".join(str(f) for f in formats),
    ]
    text = ",".join(fields)
    return text, hashlib.md5(text.encode()).hexdigest()


VERSIONS = {0x0304: "13", 0x0303: "12", 0x0302: "11", 0x0301: "10", 0x0300: "s3", 0x0002: "s2",
            0xFEFF: "d1", 0xFEFD: "d2", 0xFEFC: "d3"}


def alnum(b):
    return 0x30 <= b <= 0x39 or 0x41 <= b <= 0x5A or 0x61 <= b <= 0x7A


def ja4(version, ciphers, exts):
    data = dict(exts)
    types = [t for t, _ in exts if not is_grease(t)]
    if 43 in data:
        listed = [v for v in u16_list(data[43][1:]) if not is_grease(v)]
        version = max(listed) if listed else version
    alpn = "00"
    if 16 in data and len(data[16]) > 2 and data[16][2] > 0:
        first = data[16][3:3 + data[16][2]]
        if alnum(first[0]) and alnum(first[-1]):
            alpn = chr(first[0]) + chr(first[-1])
        else:
            h = first.hex()
            alpn = h[0] + h[-1]
    cs = [c for c in ciphers if not is_grease(c)]
    a = "t%s%s%02d%02d%s" % (VERSIONS.get(version, "00"), "d" if 0 in data else "i",
                             min(len(cs), 99), min(len(types), 99), alpn)
    cipher_text = ",".join("%04x" % c for c in sorted(cs))
    ext_text = ",".join("%04x" % t for t in sorted(types) if t not in (0, 16))
    sigs = [s for s in u16_list(data[13][2:]) if not is_grease(s)] if 13 in data else []
    sig_text = ",".join("%04x" % s for s in sigs)
    c_input = ext_text + ("_" + sig_text if sigs else "")
    b = hashlib.sha256(cipher_text.encode()).hexdigest()[:12] if cs else "000000000000"
    c = hashlib.sha256(c_input.encode()).hexdigest()[:12] if ext_text else "000000000000"
    raw = a + "_" + cipher_text + "_" + c_input
    return a + "_" + b + "_" + c, raw


def main(paths):
    for path in paths:
        wire = open(path, "rb").read()
        v, cs, ex = parse(handshake_message(wire))
        text, md5 = ja3(v, cs, ex)
        fp, raw = ja4(v, cs, ex)
        print("\t".join([path.rsplit("/", 1)[-1], text, md5, fp, raw]))


if __name__ == "__main__":
    main(sys.argv[1:])
