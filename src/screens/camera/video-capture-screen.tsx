// /video-capture: its own chunk, so each route loads only when opened.
export { VideoCaptureScreen as default } from './capture-screen';
