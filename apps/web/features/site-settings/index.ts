// The public entry of site-settings: the Publish settings dialog, where an owner sets their published
// pages' title, description, social image, favicon and language, with a preview of a shared link.
export { PublishSettingsButton } from './publish-settings-dialog';
