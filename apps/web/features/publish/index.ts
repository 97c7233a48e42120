// The public entry of publish: putting the app live at its address, and taking it offline. The
// routes and other features import it from here.
export { PublishDialog } from './publish-dialog';
