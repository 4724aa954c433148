/** `/downloadFile/fileList` (spec S0.2.14), a chunk of its own: the layout imports only `./index`. */
export { FileListPage } from './components/file-list-page';
