/**
 * The camera stream a `useCamera` holds, safe against starts that overlap or are stopped before
 * the browser answers: each start is an attempt, and a stream that arrives for an attempt that
 * is no longer the latest (stopped by Cancel, an error or the dialog closing, or replaced by a
 * newer start) has its tracks stopped at once and is never reported. Without this, a Cancel
 * while getUserMedia was pending left that stream live (camera light on, the device held) and
 * the camera reported 'live' after the scan had ended.
 */

/** What a start came to: the stream, or `null` when a later start or a stop superseded it. */
export type CameraAttempt = MediaStream | null;

export interface CameraStreams {
  /** Stops the current stream and asks for a new one. Rejects only for the latest attempt. */
  start(constraints: MediaStreamConstraints): Promise<CameraAttempt>;
  /** Stops the current stream, and any stream still on its way. */
  stop(): void;
  /** True while `stream` is the current one (an attempt can be superseded after it arrived). */
  isCurrent(stream: MediaStream): boolean;
}

const stopTracks = (stream: MediaStream | null) => stream?.getTracks().forEach((track) => track.stop());

export function createCameraStreams(open: (constraints: MediaStreamConstraints) => Promise<MediaStream>): CameraStreams {
  let attempt = 0;
  let current: MediaStream | null = null;

  const stop = () => {
    attempt += 1;
    stopTracks(current);
    current = null;
  };

  return {
    async start(constraints) {
      stop();
      const mine = attempt;
      let stream: MediaStream;
      try {
        stream = await open(constraints);
      } catch (error) {
        if (mine !== attempt) return null;
        throw error;
      }
      if (mine !== attempt) {
        stopTracks(stream);
        return null;
      }
      current = stream;
      return stream;
    },
    stop,
    isCurrent: (stream) => current === stream,
  };
}
