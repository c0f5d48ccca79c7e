"""A minimal headless-Chromium driver over the DevTools pipe, for the report's browser test.

Chromium reads DevTools commands from fd 3 and writes replies and events to fd 4
(`--remote-debugging-pipe`), NUL-separated JSON. No network: the flags below turn off every
background service, and the page under test is a local file.
"""

from __future__ import annotations

import base64
import contextlib
import fcntl
import json
import os
import shutil
import subprocess
import time
from pathlib import Path
from typing import Any

FLAGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--remote-debugging-pipe",
    "--hide-scrollbars",
)


def find_chromium() -> str | None:
    for name in ("chromium", "chromium-browser", "google-chrome", "chrome"):
        if found := shutil.which(name):
            return found
    return None


def _high_fd(fd: int) -> int:
    """Move a descriptor above 4 so dup2 onto 3/4 in the child cannot clobber it."""
    moved = fcntl.fcntl(fd, fcntl.F_DUPFD, 10)
    os.close(fd)
    return moved


class Chromium:
    """One headless browser with one page; collects console errors and exceptions."""

    def __init__(self, binary: str, profile_dir: Path, timeout: float = 60.0) -> None:
        to_child_r, to_child_w = (_high_fd(fd) for fd in os.pipe())
        from_child_r, from_child_w = (_high_fd(fd) for fd in os.pipe())

        def wire_pipe() -> None:  # runs in the child before exec
            os.dup2(to_child_r, 3)
            os.dup2(from_child_w, 4)

        self.proc = subprocess.Popen(
            [binary, *FLAGS, f"--user-data-dir={profile_dir}", "about:blank"],
            pass_fds=(3, 4),
            preexec_fn=wire_pipe,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        os.close(to_child_r)
        os.close(from_child_w)
        self._out = os.fdopen(to_child_w, "wb", buffering=0)
        self._in = os.fdopen(from_child_r, "rb", buffering=0)
        self._buffer = b""
        self._next_id = 0
        self.timeout = timeout
        self.events: list[dict[str, Any]] = []
        self.session: str | None = None
        self.fixture_url = ""  # free for a test to remember the page it started on

    def _read_message(self) -> dict[str, Any]:
        while b"\0" not in self._buffer:
            chunk = self._in.read(1 << 16)
            if not chunk:
                raise RuntimeError("Chromium closed the DevTools pipe")
            self._buffer += chunk
        raw, self._buffer = self._buffer.split(b"\0", 1)
        return json.loads(raw)

    def send(self, method: str, params: dict[str, Any] | None = None, **kw: Any) -> Any:
        """Send a command and wait for its reply, keeping the events that arrive meanwhile."""
        self._next_id += 1
        message: dict[str, Any] = {"id": self._next_id, "method": method, "params": params or {}}
        session = kw.get("session", self.session)
        if session:
            message["sessionId"] = session
        self._out.write(json.dumps(message).encode() + b"\0")
        deadline = time.monotonic() + self.timeout
        while time.monotonic() < deadline:
            reply = self._read_message()
            if reply.get("id") == self._next_id:
                if "error" in reply:
                    raise RuntimeError(f"{method}: {reply['error']}")
                return reply.get("result", {})
            self.events.append(reply)
        raise TimeoutError(method)

    def wait_for(self, method: str) -> dict[str, Any]:
        deadline = time.monotonic() + self.timeout
        for event in self.events:
            if event.get("method") == method:
                return event
        while time.monotonic() < deadline:
            event = self._read_message()
            self.events.append(event)
            if event.get("method") == method:
                return event
        raise TimeoutError(method)

    def open(self, url: str, width: int = 1280, height: int = 900) -> None:
        """Open `url` in a new page; problems() then reports that page only."""
        self.events.clear()
        target = self.send("Target.createTarget", {"url": "about:blank"})["targetId"]
        attached = self.send("Target.attachToTarget", {"targetId": target, "flatten": True})
        self.session = attached["sessionId"]
        for domain in ("Runtime.enable", "Log.enable", "Page.enable"):
            self.send(domain)
        self.send(
            "Emulation.setDeviceMetricsOverride",
            {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": False},
        )
        self.send("Page.navigate", {"url": url})
        self.wait_for("Page.loadEventFired")

    def evaluate(self, expression: str) -> Any:
        result = self.send("Runtime.evaluate", {"expression": expression, "returnByValue": True})
        if "exceptionDetails" in result:
            raise RuntimeError(str(result["exceptionDetails"]))
        return result["result"].get("value")

    def screenshot(self, path: Path, clip: dict[str, float] | None = None) -> None:
        """A PNG of `clip` (page coordinates: x, y, width, height), or of the full page."""
        if clip is None:
            size = self.send("Page.getLayoutMetrics")["cssContentSize"]
            clip = {"x": 0, "y": 0, "width": size["width"], "height": size["height"]}
        params = {"clip": {**clip, "scale": 1}, "captureBeyondViewport": True}
        shot = self.send("Page.captureScreenshot", params)
        path.write_bytes(base64.b64decode(shot["data"]))

    def element_box(self, selector: str, margin: float = 8) -> dict[str, float]:
        """The page-coordinate box of the first element matching `selector`, with a margin."""
        box = self.evaluate(
            f"(() => {{ const r = document.querySelector({json.dumps(selector)})"
            ".getBoundingClientRect(); return {x: r.left + scrollX, y: r.top + scrollY,"
            " width: r.width, height: r.height}; })()"
        )
        return {
            "x": max(0.0, box["x"] - margin),
            "y": max(0.0, box["y"] - margin),
            "width": box["width"] + 2 * margin,
            "height": box["height"] + 2 * margin,
        }

    def problems(self) -> list[str]:
        """Console errors, uncaught exceptions and error log entries (CSP, failed loads)."""
        found = []
        for event in self.events:
            method, params = event.get("method"), event.get("params", {})
            if method == "Runtime.exceptionThrown":
                found.append(str(params.get("exceptionDetails", {}).get("text")))
            elif method == "Runtime.consoleAPICalled" and params.get("type") in ("error", "assert"):
                found.append(json.dumps(params.get("args")))
            elif method == "Log.entryAdded" and params["entry"].get("level") == "error":
                found.append(params["entry"].get("text", ""))
        return found

    def close(self) -> None:
        with contextlib.suppress(RuntimeError, OSError, TimeoutError):
            self.send("Browser.close", session=None)
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        self._out.close()
        self._in.close()
