// The entry of dist/attention-lab-labs.js: what an <attention-lab lab="…"> element loads to show
// one lab (lab-mode.mjs): the lab mount, the labs' panel and their stylesheet for a shadow root.
export { mountLab } from '../app/mount-lab.mjs';
export * as labs from '../app/ui/labs.mjs';
export { default as LAB_STYLES } from 'attention-lab:lab-styles';
