// Serves pre-generated stream frames from a child process, so writing them costs the host's thread nothing: the
// benchmark measures the host's stream path, not a test server sharing its event loop (or its heap).
// Started with fork(); argv: kind (events|logs) and count; sends {url} when ready, exits on "close".
import { eventFrames, listenWithFrames, logFrames } from './stream-fixtures';

const [kind, count] = [process.argv[2], Number(process.argv[3])];
const frames = kind === 'events' ? eventFrames(count) : logFrames(count).frames;
const server = await listenWithFrames(frames);
process.send!({ url: server.url });
process.on('message', async (message) => {
  if (message !== 'close') return;
  await server.close();
  process.exit(0);
});
