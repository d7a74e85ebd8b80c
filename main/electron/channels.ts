// Names of the single invoke channel and the stream-batch channel, shared by preload and main/electron.
export const INVOKE_CHANNEL = 'quarterdeck:invoke';
export const STREAM_CHANNEL = 'quarterdeck:stream';
