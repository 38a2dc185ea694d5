#!/usr/bin/env python3
"""A hostile fake JSettlers server for measuring `catan-bot play` by hand (issue 11).

Usage: hostile-server.py PORT SCENARIO [seconds]
Listens on 127.0.0.1:PORT and plays SCENARIO against whatever connects; prints what it
measured as `key value` lines on stdout. Scenarios:

  unknown     replays sample3p-game-00 to our first placement with one opponent
              unknown-card count of 2^31-1 just before; time to our answer
  noread      logs the robot in, then never reads while sending pings; RSS of the robot
  reset       resets every connection at once (RST); connections counted
  drop        closes every connection once the robot has sent its login; connections counted
  badcookie   rejects every login for a bad cookie; logins counted
  timeout     never answers the login; time until the next connection
  longname    invites to a game with a 65,525-character name, then pings; echoes counted
  logforge    invites to a game whose name holds ESC and a newline, sends a 65,535-byte
              bad frame; the robot's stderr is judged by the caller
  maxgames    invites to 6 games at once; JOINGAMEs / LEAVEGAMEs counted
  contradict  replays sample3p-game-00 whole with one settlement put on an occupied node
"""
import os
import socket
import struct
import sys
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))
FIXTURE = os.path.join(HERE, "..", "tests", "fixtures", "transcripts", "sample3p-game-00.log")
GAME = "~botsOnly~40"
OUR_TURN = "1026|~botsOnly~40,3,5"
LOGIN_OK = "1071|120,35,0.13,1.0,1.0,3.0,1.0,1,1"


def frame(text):
    data = text.encode("utf-8") if isinstance(text, str) else text
    return struct.pack(">H", len(data)) + data


def server_lines():
    out = []
    with open(FIXTURE) as f:
        for line in f:
            if line.startswith("< "):
                out.append(line[2:].rstrip("\n"))
    return out


class Reader(threading.Thread):
    """Decodes the robot's frames into a list (text, time)."""

    def __init__(self, sock):
        super().__init__(daemon=True)
        self.sock, self.got, self.closed = sock, [], False

    def run(self):
        buf = b""
        try:
            while True:
                d = self.sock.recv(65536)
                if not d:
                    break
                buf += d
                while len(buf) >= 2:
                    n = struct.unpack(">H", buf[:2])[0]
                    if len(buf) < 2 + n:
                        break
                    self.got.append((buf[2:2 + n].decode("utf-8", "replace"), time.time()))
                    buf = buf[2 + n:]
        except OSError:
            pass
        self.closed = True

    def wait_for(self, prefix, timeout, start=0):
        end = time.time() + timeout
        while time.time() < end:
            for i, (t, at) in enumerate(self.got[start:], start):
                if t.startswith(prefix):
                    return i, at
            time.sleep(0.005)
        return None, None


def accept(srv, timeout=30):
    srv.settimeout(timeout)
    c, _ = srv.accept()
    c.settimeout(None)
    return c


def connections(srv, secs):
    """Every connection accepted in the next `secs` seconds."""
    end = time.time() + secs
    srv.settimeout(0.2)
    while time.time() < end:
        try:
            c, _ = srv.accept()
        except socket.timeout:
            continue
        yield c


def bot_pid():
    """The robot's pid, from the file named by BOT_PID_FILE (written after we start)."""
    try:
        with open(os.environ["BOT_PID_FILE"]) as f:
            return int(f.read().strip())
    except (KeyError, OSError, ValueError):
        return 0


def rss_kb(pid):
    try:
        with open(f"/proc/{pid}/status") as f:
            for line in f:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1])
    except OSError:
        return None


def cpu_s(pid):
    try:
        with open(f"/proc/{pid}/stat") as f:
            parts = f.read().rsplit(")", 1)[1].split()
        return (int(parts[11]) + int(parts[12])) / os.sysconf("SC_CLK_TCK")
    except OSError:
        return None


def main():
    port, scenario = int(sys.argv[1]), sys.argv[2]
    secs = float(sys.argv[3]) if len(sys.argv) > 3 else 30
    srv = socket.socket()
    srv.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    srv.bind(("127.0.0.1", port))
    srv.listen(16)
    print("listening", port, flush=True)

    if scenario == "reset":
        n = 0
        for c in connections(srv, secs):
            n += 1
            c.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
            c.close()
        print("connections", n, "in", secs, "s")
        return

    if scenario in ("badcookie", "timeout", "drop"):
        n, times = 0, []
        for c in connections(srv, secs):
            n += 1
            times.append(time.time())
            if scenario in ("badcookie", "drop"):
                r = Reader(c)
                r.start()
                r.wait_for("1022|", 5)
                if scenario == "badcookie":
                    c.sendall(frame("1059|Cookie contents do not match the running server."))
                    time.sleep(0.3)
                # shutdown() first: a bare close() does not end a connection another thread
                # is reading from.
                c.shutdown(socket.SHUT_RDWR)
                c.close()
            else:
                threading.Thread(target=lambda c=c: (time.sleep(secs), c.close()), daemon=True).start()
        print("connections", n, "in", secs, "s")
        if len(times) > 1:
            print("gaps_s", " ".join(f"{b - a:.1f}" for a, b in zip(times, times[1:])))
        return

    c = accept(srv)
    r = Reader(c)
    if scenario != "noread":
        r.start()
    t0 = time.time()

    if scenario == "noread":
        # Read the login only, then never again.
        time.sleep(0.5)
        c.sendall(frame(LOGIN_OK))
        ping = frame("9999|150000") * 1000
        c.setblocking(False)
        sent = 0
        marks = {5: None, 30: None}
        while time.time() - t0 < secs:
            try:
                # Whole frames only: go on from where a partial send stopped.
                at = sent % len(ping)
                sent += c.send(ping[at:])
            except BlockingIOError:
                time.sleep(0.01)
            except OSError:
                print("connection closed by robot after", round(time.time() - t0, 1), "s")
                break
            for m in marks:
                if marks[m] is None and time.time() - t0 >= m:
                    marks[m] = rss_kb(bot_pid())
                    print(f"rss_kb_at_{m}s", marks[m], flush=True)
        print("bytes_sent", sent)
        return

    r.wait_for("1022|", 5)
    if scenario == "unknown":
        for line in server_lines():
            if line == OUR_TURN:
                c.sendall(frame(f"1086|{GAME}|0|100|6|2147483647"))
                time.sleep(0.2)
                cpu0, start = cpu_s(bot_pid()), time.time()
                k = len(r.got)
                c.sendall(frame(line))
                _, at = r.wait_for(f"1009|{GAME}", 60, k)
                print("answer_after_s", None if at is None else round(at - start, 2))
                cpu1 = cpu_s(bot_pid())
                if cpu0 is not None and cpu1 is not None:
                    print("cpu_s", round(cpu1 - cpu0, 2))
                return
            c.sendall(frame(line))
            time.sleep(0.002)
    elif scenario == "longname":
        c.sendall(frame(LOGIN_OK))
        c.sendall(frame("1023|" + "G" * 65525 + ",2,-"))
        echoes = 0
        for _ in range(int(secs)):
            k = len(r.got)
            try:
                c.sendall(frame("9999|150000"))
            except OSError:
                break
            i, _ = r.wait_for("9999|", 1.0, k)
            echoes += i is not None
            if r.closed:
                break
        print("ping_echoes", echoes, "of", int(secs), "closed_by_robot", r.closed)
        try:
            srv.settimeout(5)
            srv.accept()
            print("reconnected yes")
        except socket.timeout:
            print("reconnected no")
    elif scenario == "logforge":
        c.sendall(frame(LOGIN_OK))
        c.sendall(frame("1023|evil\x1b[31m\nFORGED 2026-01-01T00:00:00Z  INFO all good,2,-"))
        c.sendall(frame("1009|" + "x" * 65530))
        time.sleep(2)
        print("sent")
    elif scenario == "maxgames":
        c.sendall(frame(LOGIN_OK))
        for g in range(6):
            c.sendall(frame(f"1023|game{g},1,-"))
        time.sleep(3)
        joins = sorted({t.split(",")[-1] for t, _ in r.got if t.startswith("1013|")})
        leaves = sorted({t.split(",")[-1] for t, _ in r.got if t.startswith("1011|")})
        print("joined", len(joins), "left", len(leaves))
    elif scenario == "contradict":
        lines = server_lines()
        injected = False
        for line in lines:
            c.sendall(frame(line))
            # After the first regular turn starts: a settlement on seat 0's first node, for seat 1.
            if not injected and line.startswith(f"1026|{GAME},") and line.endswith(",15"):
                first = next(x for x in lines if x.startswith(f"1009|{GAME},0,1,"))
                node = first.split(",")[-1]
                c.sendall(frame(f"1009|{GAME},1,1,{node}"))
                injected = True
            time.sleep(0.004)
        time.sleep(3)
        print("injected", injected)
    c.close()


if __name__ == "__main__":
    main()
