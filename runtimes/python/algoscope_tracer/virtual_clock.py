"""asyncio on a virtual clock while a program is traced, as the JS recorder's timers are.

The program's event loops (``asyncio.run``, ``asyncio.new_event_loop``) are
:class:`VirtualClockLoop`: ``loop.time()`` is a virtual clock that starts at 0 and, where the
loop would wait for its next timer, jumps to it instead of sleeping. ``asyncio.sleep(3600)``
costs no time, and tasks still wake in the order of their due times (then the order they were
scheduled in, as asyncio does). Real I/O (sockets, pipes) is still waited for. When every task
waits, no timer is due and nothing else could wake the loop (no other file registered, no
other thread running), the loop raises :class:`AsyncioDeadlock` instead of hanging.

Installed (:func:`install`) only for programs that name ``asyncio``, so that other programs do
not pay for importing it.
"""

import sys
import threading

#: How long a loop with nothing due waits for another thread (``run_in_executor``, a
#: thread calling ``call_soon_threadsafe``) before it checks again, in real seconds.
_THREAD_WAIT = 0.05

#: The virtual clock's resolution in seconds (timers due within it of each other fire in the
#: same turn of the loop, still in due order).
_RESOLUTION = 1e-6


class AsyncioDeadlock(RuntimeError):
    """Every task of the event loop waits and nothing can wake any of them."""


DEADLOCK_MESSAGE = (
    "every asyncio task is waiting and no timer is due: the program would wait forever "
    "(the event loop runs on a virtual clock while traced)"
)


def install():
    """Makes new asyncio event loops run on a virtual clock; returns a function that undoes it."""
    import asyncio
    import selectors

    class _VirtualSelector:
        """The loop's selector: never sleeps for a timer, moves the clock to it instead."""

        def __init__(self, loop, real):
            self._loop = loop
            self._real = real

        def select(self, timeout=None):
            ready = self._real.select(0)
            if ready or timeout == 0:
                return ready
            if timeout is not None:
                self._loop._virtual_now += timeout
                return []
            while True:
                if self._waits_on_files():
                    return self._real.select(None)
                if threading.active_count() <= 1:
                    raise AsyncioDeadlock(DEADLOCK_MESSAGE)
                ready = self._real.select(_THREAD_WAIT)
                if ready:
                    return ready

        def _waits_on_files(self):
            """Whether a file other than the loop's own wake-up pipe is registered."""
            own = getattr(self._loop, "_ssock", None)
            own_fd = own.fileno() if own is not None and own.fileno() >= 0 else None
            return any(key.fd != own_fd for key in self._real.get_map().values())

        def __getattr__(self, name):
            return getattr(self._real, name)

    class VirtualClockLoop(asyncio.SelectorEventLoop):
        """A selector event loop whose ``time()`` is virtual (see the module's text)."""

        def __init__(self, selector=None):
            real = selector if selector is not None else selectors.DefaultSelector()
            self._virtual_now = 0.0
            super().__init__(real)
            self._selector = _VirtualSelector(self, real)
            # A timer fires once ``time() + _clock_resolution`` passes its due time; with the
            # monotonic clock's nanosecond the sum rounds back to ``time()`` for virtual times
            # past a few days (a float's precision), and the loop would spin at its due time.
            self._clock_resolution = max(self._clock_resolution, _RESOLUTION)

        def time(self):
            return self._virtual_now

    base = asyncio.DefaultEventLoopPolicy

    class VirtualClockPolicy(base):
        def new_event_loop(self):
            return VirtualClockLoop()

    import warnings

    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        saved = asyncio.get_event_loop_policy()
        asyncio.set_event_loop_policy(VirtualClockPolicy())

    def undo():
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", DeprecationWarning)
            asyncio.set_event_loop_policy(saved)

    return undo


def wanted(source):
    """Whether the program may use asyncio (it names it)."""
    return "asyncio" in source and sys.platform != "win32"
