import './tracing';
import 'reflect-metadata';
import { runServer } from '@council/server-kit';
import { billingApp } from './app.definition';

runServer(billingApp);
