// What makes a recording: the frame drawer, the WebM, MP4 and GIF encoders and their muxers. A chunk of its own,
// loaded when the Record dialog opens (RecordButton.svelte): the first paint needs only the button (issue 32,
// "Budget": these were 8 kB of the page's initial JavaScript, gzip).
export { FrameDrawer } from '../../browser/frameDrawer';
export { Cancelled, recordGif, recordVideo, webmType } from './recordRun';
export { mp4Codec, mp4Unsupported, recordMp4 } from './encodeMp4';
