"""The run policy, generated from runtimes/policy.json by runtimes/build.rs. Do not edit."""

#: Steps recorded before a run stops itself (stoppedBy: steps).
MAX_STEPS = 20000

#: Time budget of a run in ms, from its first record (stoppedBy: time).
TIME_BUDGET_MS = 6000

#: How long past the time budget a tracer stuck in one built-in call runs before it is killed, in ms.
KILL_GRACE_MS = 1000

#: Memory limit of a traced process in MiB, 0 for none (stoppedBy: memory).
MAX_MEMORY_MB = 512

#: Most output a program may print in KiB, 0 for none (stoppedBy: output).
MAX_OUTPUT_KB = 1024

#: Most processes a program may run at once, 0 for none (stoppedBy: processes).
MAX_PROCESSES = 32

#: Passes always kept at the start of a loop (and watched to measure a pass's cost).
FIRST_PASSES = 5

#: Passes kept at the end of a sampled loop (held back while its length is unknown).
LAST_PASSES = 5

#: A run holds passes back until their cost passes this many times its step budget (then loops of unknown length keep first passes and round numbers only).
HOLD_COST = 20

#: What a heap object read again costs, in steps (the sampler's held cost).
OBJECT_COST = 4
