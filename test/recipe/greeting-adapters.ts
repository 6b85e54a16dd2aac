/** The two thin adapter classes of the recipe's kind (lib/cdk8s/greeting.ts and lib/pulumi/greeting.ts). */
import type * as pulumi from '@pulumi/pulumi';
import type { Construct } from 'constructs';
import { PlannedConstruct } from '../../lib/cdk8s';
import { PlannedComponent } from '../../lib/pulumi';
import { GreetingPlan, GreetingProps, checkGreeting } from './greeting-kind';

export class Greeting extends PlannedConstruct<GreetingPlan> {
  constructor(scope: Construct, id: string, props: GreetingProps) {
    super(scope, id, checkGreeting(props));
  }
}

export class GreetingComponent extends PlannedComponent<GreetingPlan> {
  constructor(name: string, props: GreetingProps, opts?: pulumi.ComponentResourceOptions) {
    super('hcp:index:Greeting', name, checkGreeting(props), opts);
    this.registerOutputs({ warnings: this.warnings });
  }
}
