// git's pre-receive hook for Sprout's repositories (git-repos.ts writes the script that runs it).
// It hands the ref updates, and where git keeps the pushed objects until they are accepted, to the
// API process that started this push (push-hook.ts), over the socket and with the one-time secret
// that process put in the environment. It prints the API's reason when the push is refused.
import net from 'node:net';

const chunks = [];
for await (const chunk of process.stdin) chunks.push(chunk);
const updates = Buffer.concat(chunks)
  .toString('utf8')
  .split('\n')
  .filter((line) => line.trim() !== '')
  .map((line) => {
    const [oldId, newId, ref] = line.split(' ');
    return { oldId, newId, ref };
  });

const request = {
  secret: process.env.SPROUT_HOOK_SECRET,
  updates,
  objectDirectory: process.env.GIT_OBJECT_DIRECTORY ?? null,
  alternates: process.env.GIT_ALTERNATE_OBJECT_DIRECTORIES ?? null,
  quarantine: process.env.GIT_QUARANTINE_PATH ?? null,
};

function refuse(message) {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

if (!process.env.SPROUT_HOOK_SOCKET) refuse('Pushes are taken only through Sprout.');
const socket = net.connect(process.env.SPROUT_HOOK_SOCKET);
const answer = [];
socket.on('data', (d) => answer.push(d));
socket.on('error', () => refuse('Sprout could not check this push. Please try again.'));
socket.on('end', () => {
  let reply;
  try {
    reply = JSON.parse(Buffer.concat(answer).toString('utf8'));
  } catch {
    refuse('Sprout could not check this push. Please try again.');
  }
  if (reply.ok === true) {
    if (reply.message) process.stderr.write(`${reply.message}\n`);
    process.exit(0);
  }
  refuse(String(reply.message ?? 'Sprout refused this push.'));
});
socket.end(`${JSON.stringify(request)}\n`);
