// The demo's editorial content (news, home sliders, content pages): no import kind takes it, so it
// stays here. The catalogue and the customers are data files in samples/demo/ (demo-files.ts).
export { newsPosts, sliders } from './editorial-news';
export { contentPages } from './editorial-pages';
