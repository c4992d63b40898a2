import './tracing';
import 'reflect-metadata';
import { runServer } from '@council/server-kit';
import { gatewayApp } from './app.definition';

runServer(gatewayApp);
