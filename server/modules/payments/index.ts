/** The payments module's public entry: the packages as sold (checkout and grants build on it). */
export { packagesFor } from './payments.service.ts';
