"""Headless Chromium driven over the DevTools protocol, through a pipe.

``--remote-debugging-pipe``: Chromium reads commands from its fd 3 and writes
answers and events to its fd 4, each a JSON message ended by a NUL byte. No
websocket, no port, nothing but the standard library. A test opens a tab,
sets its size and pixel ratio, goes to an address and then waits for what
the page does (an attribute set, a function defined) with a wall-clock
limit: it waits for the event, never for a budget of virtual time.

Chromium: Debian's ``chromium`` package (``tools/test_setup.sh`` installs it).
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import time
from pathlib import Path
from typing import Any

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"


class ChromiumError(RuntimeError):
    pass


class Browser:
    """One headless Chromium with its own profile folder; ``tab()`` opens a page."""

    def __init__(self, profile: Path, *, resolver_rules: str = "", lang: str = "en-US", extra: tuple[str, ...] = ()):
        if not Path(CHROMIUM).exists():
            raise ChromiumError("Chromium is missing: run tools/test_setup.sh (apt-get install -y chromium)")
        to_chrome_r, self._to_chrome = os.pipe()
        self._from_chrome, from_chrome_w = os.pipe()
        # Chromium wants the pipe at fds 3 (its input) and 4 (its output)
        command = [
            CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
            "--disable-background-networking", "--disable-component-update", "--disable-sync",
            "--disable-dev-shm-usage", "--mute-audio", "--ignore-certificate-errors",
            f"--user-data-dir={profile}", f"--lang={lang}", f"--accept-lang={lang}",
            "--remote-debugging-pipe", *extra,
        ]
        if resolver_rules:
            command.append(f"--host-resolver-rules={resolver_rules}")

        def plumb():  # in the child: the pipe's ends at fds 3 and 4, open across exec
            # through fds above both ends: a fixed 100 and 101 clobbered an end that already had
            # one of those numbers (a long test run has that many files open), and Chromium's
            # output pipe was closed before it started ("Chromium closed the pipe")
            high_in = max(to_chrome_r, from_chrome_w) + 1
            high_out = high_in + 1
            os.dup2(to_chrome_r, high_in)
            os.dup2(from_chrome_w, high_out)
            os.dup2(high_in, 3)
            os.dup2(high_out, 4)

        self.process = subprocess.Popen(command, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                        stderr=subprocess.PIPE, preexec_fn=plumb, close_fds=False)
        os.close(to_chrome_r)
        os.close(from_chrome_w)
        self._buffer = b""
        self._next_id = 0
        self.events: list[dict[str, Any]] = []
        self.dialogs: list[dict[str, Any]] = []  # alert, confirm, "Leave site?": answered at once, kept here

    # ---- the protocol -------------------------------------------------------------
    def _read_message(self, deadline: float) -> dict[str, Any]:
        import select

        while b"\0" not in self._buffer:
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError("Chromium did not answer in time")
            ready, _, _ = select.select([self._from_chrome], [], [], min(left, 1.0))
            if ready:
                chunk = os.read(self._from_chrome, 1 << 20)
                if not chunk:
                    raise ChromiumError("Chromium closed the pipe: " + self._stderr())
                self._buffer += chunk
        message, self._buffer = self._buffer.split(b"\0", 1)
        event = json.loads(message)
        if event.get("method") == "Page.javascriptDialogOpening":
            self.dialogs.append(event["params"])
            self._next_id += 1
            answer = {"id": self._next_id, "method": "Page.handleJavaScriptDialog", "params": {"accept": True},
                      "sessionId": event.get("sessionId")}
            os.write(self._to_chrome, json.dumps(answer).encode() + b"\0")
        return event

    def _stderr(self) -> str:
        if self.process.poll() is None:
            return "(still running)"
        return (self.process.stderr.read() or b"").decode(errors="replace")[-3000:]

    def send(self, method: str, params: dict | None = None, *, session: str | None = None,
             timeout: float = 60) -> dict[str, Any]:
        self._next_id += 1
        ask = {"id": self._next_id, "method": method, "params": params or {}}
        if session:
            ask["sessionId"] = session
        os.write(self._to_chrome, json.dumps(ask).encode() + b"\0")
        deadline = time.monotonic() + timeout
        while True:
            message = self._read_message(deadline)
            if message.get("id") == ask["id"]:
                if "error" in message:
                    raise ChromiumError(f"{method}: {message['error']}")
                return message.get("result", {})
            self.events.append(message)

    def pump(self, seconds: float) -> None:
        """Take in events for ``seconds``."""
        deadline = time.monotonic() + seconds
        try:
            while True:
                self.events.append(self._read_message(deadline))
        except TimeoutError:
            pass

    def tab(self, *, size=(1280, 720), scale: float = 1, mobile: bool | None = None, frames: bool = False) -> "Tab":
        """A new tab. ``frames``: its frames from other sites (out of process) can be reached (``Tab.frame``)."""
        target = self.send("Target.createTarget", {"url": "about:blank"})["targetId"]
        session = self.send("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
        tab = Tab(self, target, session)
        tab.call("Page.enable")
        tab.call("Runtime.enable")
        if frames:
            tab.call("Target.setAutoAttach", {"autoAttach": True, "waitForDebuggerOnStart": False, "flatten": True})
        tab.resize(size, scale, mobile=mobile)
        return tab

    def close(self) -> None:
        try:
            if self.process.poll() is None:
                try:
                    self.send("Browser.close", timeout=10)
                except Exception:
                    pass
                try:
                    self.process.wait(10)
                except subprocess.TimeoutExpired:
                    self.process.kill()
                    self.process.wait(10)
        finally:
            for fd in (self._to_chrome, self._from_chrome):
                try:
                    os.close(fd)
                except OSError:
                    pass
            if self.process.stderr:
                self.process.stderr.close()

    def __enter__(self) -> "Browser":
        return self

    def __exit__(self, *exc) -> None:
        self.close()


class Tab:
    def __init__(self, browser: Browser, target: str, session: str):
        self.browser, self.target, self.session = browser, target, session

    def call(self, method: str, params: dict | None = None, timeout: float = 60) -> dict[str, Any]:
        return self.browser.send(method, params, session=self.session, timeout=timeout)

    def resize(self, size, scale: float = 1, *, mobile: bool | None = None) -> None:
        width, height = size
        self.call("Emulation.setDeviceMetricsOverride", {
            "width": width, "height": height, "deviceScaleFactor": scale,
            "mobile": bool(width < height if mobile is None else mobile)})

    def go(self, url: str) -> None:
        self.call("Page.navigate", {"url": url})

    def reload(self) -> None:
        self.call("Page.reload", {"ignoreCache": False})

    def js(self, expression: str, *, timeout: float = 30) -> Any:
        """The value of ``expression`` in the page (promises awaited)."""
        answer = self.call("Runtime.evaluate", {"expression": expression, "returnByValue": True,
                                                "awaitPromise": True}, timeout=timeout)
        if "exceptionDetails" in answer:
            raise ChromiumError(f"{expression!r}: {answer['exceptionDetails']}")
        return answer.get("result", {}).get("value")

    def wait(self, expression: str, *, timeout: float = 60, every: float = 0.1) -> Any:
        """Wait until ``expression`` is truthy in the page; its value. Page loads
        in between (a navigation, a reload) are waited through."""
        deadline = time.monotonic() + timeout
        last_error = None
        while time.monotonic() < deadline:
            try:
                value = self.js(expression, timeout=max(1.0, deadline - time.monotonic()))
                if value:
                    return value
            except (ChromiumError, TimeoutError) as error:  # the page is between documents
                last_error = error
            self.browser.pump(every)
        raise TimeoutError(f"waited {timeout} s for {expression!r} (last error: {last_error})")

    def _frames(self) -> list[dict[str, Any]]:
        return [event["params"] for event in self.browser.events
                if event.get("method") == "Target.attachedToTarget" and event.get("sessionId") == self.session
                and event["params"]["targetInfo"]["type"] == "iframe"]

    def frames_seen(self) -> int:
        """How many frames from other sites have come so far (a reload brings a new one)."""
        return len(self._frames())

    def frame(self, *, after: int = 0, timeout: float = 30) -> "Tab":
        """The newest frame from another site in this tab, once more than ``after`` have come, to
        evaluate in; the tab must have been opened with ``frames=True``."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            attached = self._frames()
            if len(attached) > after:
                info = attached[-1]
                frame = Tab(self.browser, info["targetInfo"]["targetId"], info["sessionId"])
                try:
                    frame.call("Runtime.enable", timeout=5)
                    frame.call("Page.enable", timeout=5)  # its dialogs too, answered and kept
                    return frame
                except (ChromiumError, TimeoutError):
                    pass
            self.browser.pump(0.1)
        raise TimeoutError("no frame from another site came")

    def console(self) -> list[str]:
        """What the page wrote to its console so far."""
        lines = []
        for event in self.browser.events:
            if event.get("sessionId") == self.session and event.get("method") == "Runtime.consoleAPICalled":
                args = event["params"].get("args", [])
                lines.append(" ".join(str(a.get("value", a.get("description", ""))) for a in args))
        return lines
