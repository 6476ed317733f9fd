// The stack's watchdog: a tiny process of its own that outlives the stack only long enough to stop
// what the stack started. The stack spawns it in a session of its own (so Ctrl-C and a closed
// terminal do not reach it) with a pipe as its stdin, and writes one line per child process:
//   +<pid> <signal>   stop this process with <signal> (then SIGKILL) if the stack dies
//   -<pid>            the stack stopped it itself: forget it
// When the pipe closes, the stack has exited, however it exited (SIGKILL included): every process
// still listed gets its signal, SIGKILL after a grace period, and the watchdog exits. After an
// orderly stop nothing is listed and it simply exits.

const GRACE_MS = 5000;
const guarded = new Map();
let buffer = '';

function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
}

function send(pid, signal) {
  try {
    process.kill(pid, signal);
  } catch {
    // already gone
  }
}

function handle(line) {
  const match = /^([+-])(\d+)(?: (SIG[A-Z]+))?$/.exec(line.trim());
  if (!match) return;
  const pid = Number(match[2]);
  if (match[1] === '+') guarded.set(pid, match[3] ?? 'SIGTERM');
  else guarded.delete(pid);
}

function stopAll() {
  if (!guarded.size) process.exit(0);
  for (const [pid, signal] of guarded) send(pid, signal);
  const deadline = Date.now() + GRACE_MS;
  const timer = setInterval(() => {
    const left = [...guarded.keys()].filter(alive);
    if (!left.length) process.exit(0);
    if (Date.now() > deadline) {
      for (const pid of left) send(pid, 'SIGKILL');
      process.exit(0);
    }
  }, 100);
  timer.unref?.();
  setTimeout(() => process.exit(0), GRACE_MS + 1000);
}

for (const signal of ['SIGINT', 'SIGHUP']) process.on(signal, () => undefined);
process.stdin.setEncoding('utf8');
process.stdin.on('data', (chunk) => {
  buffer += chunk;
  let newline = buffer.indexOf('\n');
  while (newline !== -1) {
    handle(buffer.slice(0, newline));
    buffer = buffer.slice(newline + 1);
    newline = buffer.indexOf('\n');
  }
});
process.stdin.on('end', stopAll);
process.stdin.on('error', stopAll);
