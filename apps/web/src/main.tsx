import { bootstrap } from './app/bootstrap.tsx';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
void bootstrap(root);
