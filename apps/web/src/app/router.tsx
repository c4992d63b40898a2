import { createBrowserRouter } from 'react-router-dom';
import { appRoutes } from './app-routes';

export const router = createBrowserRouter(appRoutes);
