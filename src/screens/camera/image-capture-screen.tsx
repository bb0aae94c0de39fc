// /image-capture: its own chunk, so each route loads only when opened.
export { ImageCaptureScreen as default } from './capture-screen';
