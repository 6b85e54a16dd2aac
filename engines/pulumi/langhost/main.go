// Command pulumi-language-nodejs is the Node.js language host the engine starts for a program
// whose Pulumi.yaml says `runtime: nodejs`. The upstream host is a Go module the module proxy does
// not serve (it has no tags of its own), so the project builds this small one instead.
//
// Its one real job is Run: start `node @pulumi/pulumi/cmd/run` in the program's folder with the
// monitor's address, the stack's config and the runtime options, and report how it ended. The
// Node.js SDK does the rest (it registers resources with the engine itself). It reports no
// required packages: the engine loads each provider when a resource first asks for it, from
// PULUMI_HOME or PATH, which is what a machine without plugin downloads needs anyway.
package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"

	pulumirpc "github.com/pulumi/pulumi/sdk/v3/proto/go"
	"google.golang.org/grpc"
	"google.golang.org/protobuf/types/known/emptypb"

	"github.com/pulumi/pulumi/sdk/v3/go/common/util/rpcutil"
)

// version is set at build time (-ldflags -X main.version=...) to the SDK version it was built with.
var version = "0.0.0-dev"

// bailExitCode is the exit code cmd/run uses after it has already shown the user a message
// (nodeJSProcessExitedAfterLoggingUserActionableMessage in @pulumi/pulumi): the engine then adds nothing.
const bailExitCode = 32

type host struct {
	pulumirpc.UnimplementedLanguageRuntimeServer
	engineAddress string
}

func main() {
	// The engine passes flags first and its own address last.
	args := os.Args[1:]
	engine := ""
	if len(args) > 0 {
		engine = args[len(args)-1]
	}
	handle, err := rpcutil.ServeWithOptions(rpcutil.ServeOptions{
		Init: func(s *grpc.Server) error {
			pulumirpc.RegisterLanguageRuntimeServer(s, &host{engineAddress: engine})
			return nil
		},
	})
	if err != nil {
		fmt.Fprintf(os.Stderr, "pulumi-language-nodejs: %v\n", err)
		os.Exit(1)
	}
	// The engine reads the port from the first line of stdout.
	fmt.Printf("%d\n", handle.Port)
	if err := <-handle.Done; err != nil {
		fmt.Fprintf(os.Stderr, "pulumi-language-nodejs: %v\n", err)
		os.Exit(1)
	}
}

func (h *host) Handshake(_ context.Context, req *pulumirpc.LanguageHandshakeRequest) (*pulumirpc.LanguageHandshakeResponse, error) {
	h.engineAddress = req.GetEngineAddress()
	return &pulumirpc.LanguageHandshakeResponse{}, nil
}

func (h *host) GetPluginInfo(context.Context, *emptypb.Empty) (*pulumirpc.PluginInfo, error) {
	return &pulumirpc.PluginInfo{Version: version}, nil
}

func (h *host) GetRequiredPlugins(context.Context, *pulumirpc.GetRequiredPluginsRequest) (*pulumirpc.GetRequiredPluginsResponse, error) {
	return &pulumirpc.GetRequiredPluginsResponse{}, nil
}

func (h *host) GetRequiredPackages(context.Context, *pulumirpc.GetRequiredPackagesRequest) (*pulumirpc.GetRequiredPackagesResponse, error) {
	return &pulumirpc.GetRequiredPackagesResponse{}, nil
}

func (h *host) GetProgramDependencies(context.Context, *pulumirpc.GetProgramDependenciesRequest) (*pulumirpc.GetProgramDependenciesResponse, error) {
	return &pulumirpc.GetProgramDependenciesResponse{}, nil
}

func (h *host) About(context.Context, *pulumirpc.AboutRequest) (*pulumirpc.AboutResponse, error) {
	out, err := exec.Command("node", "--version").Output()
	if err != nil {
		return nil, fmt.Errorf("node --version: %w", err)
	}
	return &pulumirpc.AboutResponse{Executable: "node", Version: strings.TrimSpace(string(out))}, nil
}

func (h *host) Run(ctx context.Context, req *pulumirpc.RunRequest) (*pulumirpc.RunResponse, error) {
	dir := req.GetInfo().GetProgramDirectory()
	if dir == "" {
		dir = req.GetPwd()
	}
	runScript, err := resolveFrom(dir, "@pulumi/pulumi/cmd/run")
	if err != nil {
		return &pulumirpc.RunResponse{Error: err.Error()}, nil
	}
	program := req.GetInfo().GetEntryPoint()
	if program == "" {
		program = req.GetProgram()
	}
	args := []string{runScript,
		"--monitor", req.GetMonitorAddress(),
		"--engine", h.engineAddress,
		"--project", req.GetProject(),
		"--stack", req.GetStack(),
		"--pwd", req.GetPwd(),
		"--parallel", strconv.Itoa(int(req.GetParallel())),
	}
	if org := req.GetOrganization(); org != "" {
		args = append(args, "--organization", org)
	}
	if root := req.GetInfo().GetRootDirectory(); root != "" {
		args = append(args, "--root-directory", root)
	}
	if req.GetDryRun() {
		args = append(args, "--dry-run")
	}
	args = append(args, program)
	args = append(args, req.GetArgs()...)

	env, err := runEnv(req)
	if err != nil {
		return nil, err
	}
	cmd := exec.CommandContext(ctx, "node", args...)
	cmd.Dir = req.GetPwd()
	cmd.Env = env
	cmd.Stdout = os.Stdout
	cmd.Stderr = os.Stderr
	err = cmd.Run()
	var exit *exec.ExitError
	switch {
	case err == nil:
		return &pulumirpc.RunResponse{}, nil
	case errors.As(err, &exit) && exit.ExitCode() == bailExitCode:
		return &pulumirpc.RunResponse{Bail: true}, nil
	case errors.As(err, &exit):
		return &pulumirpc.RunResponse{Error: fmt.Sprintf("the Node.js program exited with code %d", exit.ExitCode())}, nil
	default:
		return &pulumirpc.RunResponse{Error: fmt.Sprintf("could not run node: %v", err)}, nil
	}
}

// runEnv is the environment cmd/run reads: the stack's config as JSON, which keys are secret, and
// the runtime options of Pulumi.yaml (TypeScript through ts-node unless `typescript: false`).
func runEnv(req *pulumirpc.RunRequest) ([]string, error) {
	config, err := json.Marshal(req.GetConfig())
	if err != nil {
		return nil, err
	}
	secretKeys := req.GetConfigSecretKeys()
	if secretKeys == nil {
		secretKeys = []string{}
	}
	secrets, err := json.Marshal(secretKeys)
	if err != nil {
		return nil, err
	}
	env := append(os.Environ(), "PULUMI_CONFIG="+string(config), "PULUMI_CONFIG_SECRET_KEYS="+string(secrets))
	options := req.GetInfo().GetOptions().AsMap()
	env = append(env, "PULUMI_NODEJS_TYPESCRIPT="+strconv.FormatBool(boolOption(options, "typescript", true)))
	if tsconfig, ok := options["tsconfig"].(string); ok && tsconfig != "" {
		env = append(env, "PULUMI_NODEJS_TSCONFIG_PATH="+tsconfig)
	}
	if _, ok := options["transpileOnly"]; ok {
		env = append(env, "PULUMI_NODEJS_TRANSPILE_ONLY="+strconv.FormatBool(boolOption(options, "transpileOnly", false)))
	}
	return env, nil
}

func boolOption(options map[string]any, name string, fallback bool) bool {
	if v, ok := options[name].(bool); ok {
		return v
	}
	return fallback
}

// resolveFrom finds a module as Node.js would from dir, so the program's own @pulumi/pulumi runs it.
func resolveFrom(dir, module string) (string, error) {
	script := fmt.Sprintf("process.stdout.write(require.resolve(%q, { paths: [%q] }))", module, dir)
	out, err := exec.Command("node", "-e", script).Output()
	if err != nil {
		return "", fmt.Errorf("cannot find %s from %s: is @pulumi/pulumi installed (npm ci)? %v", module, dir, err)
	}
	return filepath.Clean(string(out)), nil
}
